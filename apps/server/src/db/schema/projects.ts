import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PaperSize } from '@mailcraft/shared';
import { users } from './users.js';
import { permits } from './permits.js';
import { mailingLists } from './mailing-lists.js';
import { paperSizeEnum, permitTypeEnum, sidesEnum, templateTypeEnum } from './enums.js';

/** Projects: one mailer each (docs/requirements/projects.md#data). `listId` is the current mailing list. */
export const projects = pgTable('projects', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  templateType: templateTypeEnum('template_type').notNull(),
  paperSize: paperSizeEnum('paper_size').$type<PaperSize>().notNull(),
  sides: sidesEnum('sides').notNull(),
  permitType: permitTypeEnum('permit_type').notNull(),
  mailingPermitId: uuid('mailing_permit_id').references(() => permits.id, { onDelete: 'set null' }),
  listId: uuid('list_id').references((): AnyPgColumn => mailingLists.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('projects_user_idx').on(t.userId)]);

/** A reinforcement as stored in `designs.reinforcements` (times as ISO 8601). */
export type StoredReinforcement = {
  name: string;
  type: 'image' | 'digital';
  template: unknown;
  thumbnail: string | null;
  updatedAt: string;
};

/**
 * A project's design: pdfme templates for the inside and outside pages (docs/requirements/designer.md#design-template
 * template) and storage keys of their PNG thumbnails.
 */
export const designs = pgTable('designs', {
  projectId: uuid('project_id').primaryKey().references(() => projects.id, { onDelete: 'cascade' }),
  templateDataInside: jsonb('template_data_inside'),
  templateDataOutside: jsonb('template_data_outside'),
  hasContent: boolean('has_content').notNull().default(false),
  thumbnails: jsonb('thumbnails').$type<Record<string, string>>().notNull().default({}),
  /**
   * Reinforcement designs by slot ('r1'…'r3'; docs/requirements/print-on-demand-api.md#data): name, type, one-page template, the
   * storage key of its thumbnail and its own save time. Each slot is written on its own (a jsonb
   * merge), so saving one never loses another or the main design.
   */
  reinforcements: jsonb('reinforcements').$type<Record<string, StoredReinforcement>>().notNull().default({}),
  /** 1 for the first save, +1 for each later save; print files name the version they used. */
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
