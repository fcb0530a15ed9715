import { z } from 'zod';
import { CAPITALIZATIONS } from '../fields.js';
import { DISTANCE_CONVERSIONS, DURATION_CONVERSIONS, QR_FIELDS } from './qr-fields.js';
import { ZQrStyleSchema } from './qr-style.js';
import { baseUrlError, QR_LIMITS, QR_MESSAGES, paramNameError } from './param-names.js';

const ZParamName = z.string().describe('Query parameter name').superRefine((name, ctx) => {
  const error = paramNameError(name);
  if (error) ctx.addIssue({ code: 'custom', message: error });
});

/** One selected field: its query parameter, capitalization and (distance, duration) conversion. */
export const ZQrVariableSchema = z.object({
  param: ZParamName,
  capitalization: z.enum(CAPITALIZATIONS).default('original').describe('Capitalization of the value'),
  conversion: z.enum([...DISTANCE_CONVERSIONS, ...DURATION_CONVERSIONS]).optional()
    .describe('Format of a distance (from metres) or duration (from seconds); other fields ignore it'),
}).meta({ id: 'QrVariable' });
export type TQrVariable = z.infer<typeof ZQrVariableSchema>;

/** A static query parameter sent with every code. */
export const ZStaticParamSchema = z.object({
  name: z.string().max(QR_LIMITS.paramName).describe('Query parameter name'),
  value: z.string().max(QR_LIMITS.staticValue).describe('Its value, sent as typed'),
}).meta({ id: 'QrStaticParam' });
export type TStaticParam = z.infer<typeof ZStaticParamSchema>;

const ZBaseUrl = z.string().trim().min(1, QR_MESSAGES.baseUrlRequired).max(QR_LIMITS.baseUrl)
  .refine((u) => baseUrlError(u) === null, QR_MESSAGES.baseUrlInvalid)
  .describe('The business\'s page the short links redirect to');

/**
 * A list's QR configuration (docs/requirements/maps.md#data): destination, selected fields keyed by field name,
 * static parameters and the code style. Static parameters with an invalid name or an empty value
 * are dropped (docs/requirements/qr-codes.md#rules "stored only if its name is valid and its value is non-empty"); two
 * parameters with one name are refused.
 */
export const ZQrConfigSchema = z.object({
  baseUrl: ZBaseUrl,
  variables: z.partialRecord(z.enum(QR_FIELDS as [string, ...string[]]), ZQrVariableSchema)
    .describe('Selected fields: field name → parameter, capitalization, conversion'),
  staticParams: z.array(ZStaticParamSchema).max(QR_LIMITS.staticParams).default([])
    .transform((list) => list.filter((p) => !paramNameError(p.name) && p.value !== ''))
    .describe(`Static parameters (at most ${QR_LIMITS.staticParams}); invalid names and empty values are dropped`),
  style: ZQrStyleSchema.default(ZQrStyleSchema.parse({})).describe('How the codes look on screen and in print'),
}).superRefine((config, ctx) => {
  const seen = new Set<string>();
  for (const [field, v] of Object.entries(config.variables)) {
    if (!v) continue;
    if (seen.has(v.param)) ctx.addIssue({ code: 'custom', path: ['variables', field, 'param'], message: QR_MESSAGES.paramDuplicate });
    seen.add(v.param);
  }
  config.staticParams.forEach((p, i) => {
    if (seen.has(p.name)) ctx.addIssue({ code: 'custom', path: ['staticParams', i, 'name'], message: QR_MESSAGES.paramDuplicate });
    seen.add(p.name);
  });
}).meta({ id: 'QrConfig' });
export type TQrConfig = z.infer<typeof ZQrConfigSchema>;
export type TQrConfigInput = z.input<typeof ZQrConfigSchema>;

/** POST /api/qr/config (docs/requirements/maps.md#api). */
export const ZQrConfigSaveSchema = z.object({
  listId: z.string().min(1).max(100).describe('The mailing list the configuration is for'),
  config: ZQrConfigSchema,
}).meta({ id: 'QrConfigSave' });

/** One entry of the stored `variable_mapping`: a field's settings, or a static parameter flagged isStatic. */
export const ZVariableMappingEntrySchema = z.object({
  param: z.string().describe('Query parameter name'),
  capitalization: z.enum(CAPITALIZATIONS).optional().describe('Capitalization (fields only)'),
  conversion: z.string().optional().describe('Distance or duration format (fields only)'),
  isStatic: z.boolean().optional().describe('True for a static parameter'),
  value: z.string().optional().describe('The static parameter\'s value'),
});

/** A saved configuration as GET /api/qr/list/{listId} answers it (docs/requirements/maps.md#data "Saved record"). */
export const ZQrConfigRecordSchema = z.object({
  id: z.string().describe('Configuration id'),
  list_id: z.string().describe('The mailing list'),
  base_url: z.string().describe('Destination URL'),
  variable_mapping: z.record(z.string(), ZVariableMappingEntrySchema)
    .describe('Field name → settings; static parameters under "static:{name}" with isStatic and value'),
  style: ZQrStyleSchema,
  created_at: z.string().describe('ISO 8601 time of the first save'),
  updated_at: z.string().describe('ISO 8601 time of the last save'),
}).meta({ id: 'QrConfigRecord' });
export type TQrConfigRecord = z.infer<typeof ZQrConfigRecordSchema>;
