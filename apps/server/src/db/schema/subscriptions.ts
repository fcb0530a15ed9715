import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Plans and the features they allow (docs/requirements/plans-and-billing.md#plans). Seeded by migration. */
export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  features: jsonb('features').$type<Record<string, boolean | number>>().notNull().default({}),
  /** Price per month in US cents (docs/requirements/administration.md#administration: the pricing page); 0 for the free plans. */
  monthlyPriceCents: integer('monthly_price_cents').notNull().default(0),
  /** Order on the pricing page, cheapest first. */
  position: integer('position').notNull().default(0),
});

/** A user's current plan; absent row means the default `free` plan. */
export const subscriptions = pgTable('subscriptions', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  planId: text('plan_id').notNull().references(() => plans.id),
  status: text('status').notNull().default('active'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Requests to move to a paid plan (docs/requirements/administration.md#administration): the default billing provider cannot take payment, so
 * an administrator approves or declines them. One pending request per user at a time.
 */
export const upgradeRequests = pgTable('upgrade_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  planId: text('plan_id').notNull().references(() => plans.id),
  status: text('status').$type<'pending' | 'approved' | 'declined' | 'cancelled'>().notNull().default('pending'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
}, (t) => [index('upgrade_requests_user_idx').on(t.userId, t.createdAt), index('upgrade_requests_status_idx').on(t.status, t.createdAt)]);

/**
 * Public API calls per user and month (docs/requirements/administration.md#administration: usage from real events). The hourly purge of the
 * per-minute rate windows adds their counts here before it deletes them.
 */
export const apiUsage = pgTable('api_usage', {
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  month: text('month').notNull(),
  calls: integer('calls').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.userId, t.month] })]);
