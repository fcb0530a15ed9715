import { z } from 'zod';
import { ZSignupSchema } from './auth.js';
import { MAILER_SIZES, PAPER_SIZES, PERMIT_TYPES, SIDES, TEMPLATE_TYPES, type PaperSize } from './constants.js';
import { IMB_MESSAGES, imbServiceType, isBarcodeId, isMailerId } from './imb-assignment.js';

/** What the account and settings pages say (docs/requirements/administration.md#administration /account, /settings). */
export const ACCOUNT_MESSAGES = {
  wrongPassword: 'The current password is incorrect',
  emailTaken: 'An account with this email already exists',
  confirmMismatch: 'Type your account email exactly to confirm',
  lastAdmin: 'You are the last administrator. Make another user an administrator before deleting your account.',
  sessionNotFound: 'Session not found',
  currentSession: 'This is the session you are using: sign out from the menu instead',
  exportRunning: 'An export of your data is already being prepared. Wait for it to finish, then try again.',
  exportBusy: 'The server is preparing other exports. Try again in a minute.',
  samePassword: 'The new password must differ from the current one',
  unknownTimeZone: 'Choose a time zone from the list',
  sizeNotForType: 'This size is not offered for this mailer type',
} as const;

/** GET /api/account: the signed-in user's profile and plan (docs/requirements/administration.md#administration /account). */
export const ZAccountSchema = z.object({
  id: z.string().describe('User id (UUID)'),
  email: z.string().describe('Account email, lower-cased'),
  given_name: z.string().describe('Name to greet the user by'),
  is_admin: z.boolean().describe('Whether the user administers this server'),
  created_at: z.string().describe('ISO 8601 time the account was created'),
}).meta({ id: 'Account' });
export type TAccount = z.infer<typeof ZAccountSchema>;

/** PATCH /api/account: change the given name. */
export const ZAccountNameSchema = z.object({
  given_name: ZSignupSchema.shape.given_name.describe('New name to greet the user by'),
}).meta({ id: 'AccountNameChange' });
export type TAccountNameChange = z.infer<typeof ZAccountNameSchema>;

/** PUT /api/account/email: a new email, confirmed with the current password (stored lower-cased, as at sign-up). */
export const ZEmailChangeSchema = z.object({
  email: ZSignupSchema.shape.email.describe('New account email'),
  current_password: z.string().min(1, 'Enter your current password').max(200).describe('The current password'),
}).meta({ id: 'EmailChange' });
export type TEmailChange = z.infer<typeof ZEmailChangeSchema>;

/** PUT /api/account/password: the same rules as sign-up for the new password; other sessions end. */
export const ZPasswordChangeSchema = z.object({
  current_password: z.string().min(1, 'Enter your current password').max(200).describe('The current password'),
  new_password: ZSignupSchema.shape.password.describe('New password, 8 characters or more'),
}).meta({ id: 'PasswordChange' });
export type TPasswordChange = z.infer<typeof ZPasswordChangeSchema>;

/** PUT /api/account/password answer. */
export const ZPasswordChangedSchema = z.object({
  sessions_ended: z.number().int().describe('How many other sessions were signed out'),
}).meta({ id: 'PasswordChanged' });
export type TPasswordChanged = z.infer<typeof ZPasswordChangedSchema>;

/** One active session of the user (docs/requirements/administration.md#administration /account). `id` is opaque: never the cookie or its stored hash. */
export const ZAccountSessionSchema = z.object({
  id: z.string().describe('Opaque session id, for signing it out'),
  created_at: z.string().describe('ISO 8601 time of the sign-in'),
  expires_at: z.string().describe('ISO 8601 time the session ends unless used again'),
  device: z.string().describe("The browser and system, e.g. 'Chrome on Linux' ('Unknown device' when not sent)"),
  ip: z.string().nullable().describe('Client address at sign-in, or null'),
  current: z.boolean().describe('Whether this is the session making the request'),
}).meta({ id: 'AccountSession' });
export type TAccountSession = z.infer<typeof ZAccountSessionSchema>;

/** Params of DELETE /api/account/sessions/{id}. */
export const ZSessionParams = z.object({
  id: z.string().regex(/^[0-9a-f]{16}$/, 'Session not found').describe('Opaque session id from the list'),
});

/** DELETE /api/account/sessions answer: how many other sessions were signed out. */
export const ZSessionsEndedSchema = z.object({
  sessions_ended: z.number().int().describe('How many sessions were signed out'),
}).meta({ id: 'SessionsEnded' });

/** POST /api/account/delete: the typed email and the password confirm it. */
export const ZAccountDeleteSchema = z.object({
  confirm_email: z.string().trim().toLowerCase().max(254).describe('The account email, typed to confirm'),
  current_password: z.string().min(1, 'Enter your current password').max(200).describe('The current password'),
}).meta({ id: 'AccountDelete' });
export type TAccountDelete = z.infer<typeof ZAccountDeleteSchema>;

/** Whether `zone` is an IANA time zone this runtime knows (browser and server share the rule). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone);
  } catch {
    return false;
  }
}

/** Defaults for new projects (docs/requirements/administration.md#administration /settings); the size must be offered for the type (docs/requirements/projects.md#rules). */
export const ZProjectDefaultsSchema = z.object({
  template_type: z.enum(TEMPLATE_TYPES).describe('Mailer type of new projects'),
  paper_size: z.enum(PAPER_SIZES as [PaperSize, ...PaperSize[]]).describe('Mailer size of new projects; must be allowed for the type'),
  sides: z.enum(SIDES).describe('One side or both'),
  permit_type: z.enum(PERMIT_TYPES).describe('Indicia new projects start with: product, custom (the default permit) or none'),
}).refine((d) => (MAILER_SIZES[d.template_type] as string[]).includes(d.paper_size), {
  message: ACCOUNT_MESSAGES.sizeNotForType, path: ['paper_size'],
});
export type TProjectDefaults = z.infer<typeof ZProjectDefaultsSchema>;

/** A Mailer ID as entered: 6 digits starting 0–8 or 9 digits starting with 9 (docs/requirements/mail-tracking.md#imb-assignment). */
export const ZMailerIdSchema = z.string().trim().max(9, IMB_MESSAGES.mailerIdFormat).refine(isMailerId, IMB_MESSAGES.mailerIdFormat);

/**
 * PUT /api/account/settings body. The mail-tracking fields (docs/requirements/mail-tracking.md#imb-assignment) may be
 * left out: what is absent keeps its stored value. A Mailer ID needs a Service Type ID (checked against the stored one).
 */
export const ZSettingsUpdateSchema = z.object({
  time_zone: z.string().max(64).refine(isTimeZone, ACCOUNT_MESSAGES.unknownTimeZone).nullable()
    .describe("IANA time zone, e.g. 'Europe/Berlin'; null = the browser's"),
  project_defaults: ZProjectDefaultsSchema.describe('Defaults for new projects'),
  mailer_id: ZMailerIdSchema.nullable().optional()
    .describe('USPS Mailer ID the product assigns Intelligent Mail barcodes under: 6 digits starting 0–8, or 9 digits starting with 9; null stops assigning; absent keeps it'),
  imb_service_type_id: z.string().refine((id) => !!imbServiceType(id), IMB_MESSAGES.serviceTypeUnknown).nullable().optional()
    .describe('Service Type ID (STID, 3 digits) of assigned IMbs, one of IMB_SERVICE_TYPES; null for none (then no Mailer ID); absent keeps it'),
  imb_barcode_id: z.string().trim().refine(isBarcodeId, IMB_MESSAGES.barcodeIdFormat).optional()
    .describe("Barcode ID of assigned IMbs: 2 digits, the second 0–4 ('00' unless USPS says otherwise); absent keeps it"),
}).meta({ id: 'SettingsUpdate' });
export type TSettingsUpdate = z.infer<typeof ZSettingsUpdateSchema>;

/** GET /api/account/settings: the user's settings and what the operator configured. */
export const ZSettingsSchema = z.object({
  time_zone: z.string().nullable().describe("IANA time zone, or null = the browser's"),
  project_defaults: ZProjectDefaultsSchema.describe('Defaults for new projects (the product defaults until changed)'),
  product_permit: z.boolean().describe('Whether the server offers its own permit (permit type product)'),
  short_link_base_url: z.string().describe('Base URL of short links and QR codes (set by the operator with PUBLIC_URL)'),
  mailer_id: z.string().nullable().describe('USPS Mailer ID the product assigns Intelligent Mail barcodes under, or null: none are assigned'),
  imb_service_type_id: z.string().nullable().describe('Service Type ID (STID) of assigned IMbs, or null'),
  imb_barcode_id: z.string().describe("Barcode ID of assigned IMbs ('00' unless changed)"),
}).meta({ id: 'Settings' });
export type TSettings = z.infer<typeof ZSettingsSchema>;

/** The variable the operator sets the short-link base URL with (shown on /settings). */
export const SHORT_LINK_BASE_ENV = 'PUBLIC_URL';
