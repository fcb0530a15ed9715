import { z } from 'zod';
import { API_KEY_EXPIRY_DAYS, API_KEY_MESSAGES as M, API_KEY_MODES, API_KEY_RATE_LIMIT as RL, API_KEY_STATUSES, API_SCOPE_PATTERN } from './api-key-rules.js';
import { ZRequestId } from './http/common.js';

/** POST /keys (docs/requirements/print-on-demand-api.md#data): a new key. */
export const ZApiKeyCreateSchema = z.object({
  name: z.string().trim().min(1, M.nameRequired).max(100).describe('A name to recognise the key by, e.g. "Shop integration"'),
  scopes: z.array(z.string().regex(API_SCOPE_PATTERN, 'A scope is resource:method, e.g. orders:post or *:get')).min(1).max(30)
    .default(['*:*']).describe('Permissions as resource:method strings, e.g. ["*:*"], ["*:get"], ["orders:post"]'),
  rate_limit: z.number().int().min(RL.min, `Rate limit must be ${RL.min}–${RL.max}`).max(RL.max, `Rate limit must be ${RL.min}–${RL.max}`)
    .default(RL.default).describe(`Requests per minute (${RL.min}–${RL.max}, default ${RL.default})`),
  expires_in: z.union([z.null(), z.literal(30), z.literal(90), z.literal(180), z.literal(365)], { error: `Expiry is one of ${API_KEY_EXPIRY_DAYS.map(String).join(', ')} days` }).default(null)
    .describe('Days until the key expires: 30, 90, 180 or 365; null = never'),
  mode: z.enum(API_KEY_MODES).default('live')
    .describe('live keys act for real; test keys place test orders (never printed or charged), see only test orders and only read everything else'),
}).meta({ id: 'ApiKeyCreate' });
export type TApiKeyCreate = z.input<typeof ZApiKeyCreateSchema>;

/** PUT /keys/{id} (docs/requirements/print-on-demand-api.md#rules): switch a key on or off. */
export const ZApiKeyUpdateSchema = z.object({
  is_active: z.boolean().describe('Whether the key works'),
}).meta({ id: 'ApiKeyUpdate' });

/** A key as listed (docs/requirements/print-on-demand-api.md#data): `api_key` shows only its prefix and last four characters. */
export const ZApiKeySchema = z.object({
  id: z.string().describe('Key id'),
  name: z.string().describe('The key\'s name'),
  api_key: z.string().describe('The key, masked: its prefix and last four characters (the full key is shown once, when created or regenerated)'),
  mode: z.enum(API_KEY_MODES).describe('live or test'),
  scopes: z.array(z.string()).describe('Permissions, resource:method'),
  rate_limit: z.number().int().describe('Requests per minute'),
  is_active: z.boolean().describe('Whether the key works now: switched on and not expired'),
  status: z.enum(API_KEY_STATUSES).describe('active; inactive (switched off); expired (past expires_at, whatever its switch)'),
  last_used: z.string().nullable().describe('ISO 8601 time of the last request with it (to the minute), or null'),
  expires_at: z.string().nullable().describe('ISO 8601 expiry, or null for never'),
  created_at: z.string().describe('ISO 8601 creation time'),
}).meta({ id: 'ApiKey' });
export type TApiKey = z.infer<typeof ZApiKeySchema>;

/** A key just created or regenerated: the only answer that carries the full key. */
export const ZApiKeyCreatedSchema = ZApiKeySchema.extend({
  api_key: z.string().describe('The full key — shown this once; only its hash is stored'),
}).meta({ id: 'ApiKeyCreated' });
export type TApiKeyCreated = z.infer<typeof ZApiKeyCreatedSchema>;

/** GET /api/auth/verify on the API (docs/requirements/print-on-demand-api.md#api). */
export const ZApiVerifySchema = z.object({
  authenticated: z.literal(true).describe('Always true: a bad key gets 401'),
  userId: z.string().describe('The key owner\'s user id'),
  message: z.string().describe('A human-readable confirmation'),
  mode: z.enum(API_KEY_MODES).describe('The key\'s mode'),
  scopes: z.array(z.string()).describe('The key\'s permissions'),
}).meta({ id: 'ApiVerify' });

/** The public API's error envelope (docs/requirements/print-on-demand-api.md#print-on-demand-api): a stable code, a message and the documentation section for it. */
export const ZApiErrorSchema = z.object({
  error: z.object({
    code: z.string().describe('Stable error code, e.g. INVALID_API_KEY, FORBIDDEN, RATE_LIMITED, VALIDATION, NOT_FOUND'),
    message: z.string().describe('What went wrong, for people'),
    doc_url: z.string().describe('The documentation section about this error'),
    request_id: ZRequestId,
    details: z.unknown().optional().describe('Field errors of a validation failure'),
  }).describe('The error'),
}).meta({ id: 'ApiError' });
