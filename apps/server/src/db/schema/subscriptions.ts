import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Plans and the features they allow (spec 000 §3 Subscription). Seeded by migration. */
export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  features: jsonb('features').$type<Record<string, boolean | number>>().notNull().default({}),
  /** Price per month in US cents (issue 11: the pricing page); 0 for the free plans. */
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
