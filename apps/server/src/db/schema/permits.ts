import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TIndicia } from '@mailcraft/shared';
import { users } from './users.js';

/** Mailing permits with their indicia lines (docs/requirements/projects.md#data). */
export const permits = pgTable('permits', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  indicia: jsonb('indicia').$type<TIndicia>().notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  permitImage: text('permit_image'),
  /** The mail owner's Mailer ID when it differs from the account's (docs/requirements/mail-tracking.md#imb-assignment); null: the account's. */
  mailerId: text('mailer_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('permits_user_idx').on(t.userId)]);
