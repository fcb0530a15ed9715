import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A user's defaults for new projects (docs/requirements/administration.md#administration /settings); every key optional. */
export type ProjectDefaults = { templateType?: string; paperSize?: string; sides?: string; permitType?: string; permitId?: string | null };

/** Accounts. Email stored lower-cased; password is an argon2id PHC string. */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  givenName: text('given_name').notNull(),
  isAdmin: boolean('is_admin').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set by an administrator (docs/requirements/administration.md#administration): the user's sessions and API keys are refused while set. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  /** IANA time zone the user chose in /settings (docs/requirements/administration.md#administration); null = the browser's. */
  timeZone: text('time_zone'),
  /** Defaults for new projects (docs/requirements/administration.md#administration /settings). */
  projectDefaults: jsonb('project_defaults').$type<ProjectDefaults>().notNull().default({}),
  /** USPS Mailer ID (6 or 9 digits) the product assigns IMbs under (docs/requirements/mail-tracking.md#imb-assignment); null: none. */
  mailerId: text('mailer_id'),
  /** USPS Service Type ID (3 digits) of assigned IMbs (see IMB_SERVICE_TYPES). */
  imbServiceTypeId: text('imb_service_type_id'),
  /** USPS Barcode ID (2 digits, second 0–4) of assigned IMbs; '00' when unset. */
  imbBarcodeId: text('imb_barcode_id'),
});

/**
 * Browser sessions; `id` is the SHA-256 of the cookie token, never the token itself. A session
 * ends at `expires_at` (idle timeout, slid forward by use) or SESSION_MAX_AGE_SECONDS after
 * `created_at`, whichever comes first. The expiry index serves the scheduled purge.
 */
export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** The browser's User-Agent at sign-in (docs/requirements/administration.md#administration /account: the sessions list), at most 300 characters. */
  userAgent: text('user_agent'),
  /** The client address at sign-in (docs/requirements/administration.md#administration /account). */
  ip: text('ip'),
}, (t) => [
  index('sessions_user_idx').on(t.userId),
  index('sessions_expires_idx').on(t.expiresAt),
]);

/**
 * Sign-in attempts and other rate-limited auth actions, one counter per key and fixed window:
 * 'ip:{client}', 'email-ip:{email}|{client}', 'email:{email}', 'signup-ip:{client}',
 * 'reset-ip:{client}', 'reset-email:{email}', 'account-password:{user id}' (client = address,
 * IPv6 /64). `count` is the attempts since `window_start`; one upsert increments it and starts a
 * new window once the old one is over, so parallel attempts each see their own number.
 */
export const authAttempts = pgTable('auth_attempts', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('auth_attempts_window_start_idx').on(t.windowStart),
]);

export type UserRow = typeof users.$inferSelect;

/**
 * Password-reset links (docs/requirements/account-and-settings.md#sign-in-pages): `id` is the SHA-256 of the link's token, never the
 * token. A link works once (`used_at`) and until `expires_at` (1 hour); using one voids the user's
 * other open links.
 */
export const passwordResets = pgTable('password_resets', {
  id: text('id').primaryKey(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
}, (t) => [index('password_resets_user_idx').on(t.userId), index('password_resets_expires_idx').on(t.expiresAt)]);
