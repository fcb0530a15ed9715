import { index, integer, pgTable, text, timestamp, uuid, boolean } from 'drizzle-orm/pg-core';
import { orders } from './orders.js';
import { projects } from './projects.js';
import { mailPieces } from './tracking.js';
import { users } from './users.js';

/**
 * A project's delivered-piece follow-up (docs/requirements/mail-tracking.md#delivery-events): when one of its pieces is delivered,
 * an on-demand order of reinforcement R`reinforcement_slot` for the piece's record, `delay_days` days after the
 * delivery. A project without a row has none.
 */
export const deliveryFollowUps = pgTable('delivery_follow_ups', {
  projectId: uuid('project_id').primaryKey().references(() => projects.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  reinforcementSlot: integer('reinforcement_slot').notNull().default(1),
  delayDays: integer('delay_days').notNull().default(7),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One delivered piece's follow-up, once per piece (the primary key): `scheduled` until `due_at`, then `placing`
 * while its order is placed (claimed by one run), `placed` with `order_id`, or `not_placed` with `message` saying why.
 * A follow-up stuck in `placing` (its process died mid-placement) is never placed again: an order costs money, so it
 * is placed at most once.
 */
export const deliveryFollowUpOrders = pgTable('delivery_follow_up_orders', {
  pieceId: uuid('piece_id').primaryKey().references(() => mailPieces.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
  dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  status: text('status').$type<'scheduled' | 'placing' | 'placed' | 'not_placed'>().notNull().default('scheduled'),
  orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
  message: text('message'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('delivery_follow_up_orders_project_idx').on(t.projectId, t.status)]);
