import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { projects } from './projects.js';

/**
 * Every change an administrator makes (docs/requirements/administration.md#audit-log):
 * who, what, when, before and after. `area` is the admin page it belongs to.
 */
export const adminAudit = pgTable('admin_audit', {
  id: uuid('id').primaryKey().defaultRandom(),
  actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
  /** The actor's email at the time (kept when the actor is deleted). */
  actorEmail: text('actor_email').notNull(),
  area: text('area').$type<'fonts' | 'effects' | 'sample-templates' | 'pricing' | 'users'>().notNull(),
  action: text('action').notNull(),
  targetId: text('target_id'),
  summary: text('summary').notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('admin_audit_area_at_idx').on(t.area, t.at)]);

/**
 * Named image effects (docs/requirements/administration.md#administration admin effects) users apply to image elements; drawn with sharp in
 * print and previews. `params` depends on `kind` (shared effects schema).
 */
export const effects = pgTable('effects', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  kind: text('kind').notNull(),
  params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Sample templates of the /templates gallery (docs/requirements/administration.md#administration): a design with its size and type,
 * published or hidden. `builtinKey` marks the designs the product ships (seeded idempotently).
 */
export const sampleTemplates = pgTable('sample_templates', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  templateType: text('template_type').notNull(),
  paperSize: text('paper_size').notNull(),
  design: jsonb('design').$type<Record<string, unknown>>().notNull(),
  /** Storage keys of the outside (front) and inside (back) thumbnails, PNG. */
  frontThumbnailKey: text('front_thumbnail_key'),
  backThumbnailKey: text('back_thumbnail_key'),
  published: boolean('published').notNull().default(false),
  position: integer('position').notNull().default(0),
  builtinKey: text('builtin_key').unique(),
  sourceProjectId: uuid('source_project_id').references(() => projects.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('sample_templates_published_idx').on(t.published, t.position)]);

/**
 * Per-piece prices by date (docs/requirements/administration.md#administration admin pricing): the price of `key` ('print_piece', 'mailing',
 * 'reinforcement') on a day is the row with the latest `effectiveFrom` not after it.
 */
export const priceSchedule = pgTable('price_schedule', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: text('key').notNull(),
  amountCents: integer('amount_cents').notNull(),
  effectiveFrom: date('effective_from').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [unique('price_schedule_key_from').on(t.key, t.effectiveFrom)]);
