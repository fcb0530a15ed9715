import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';
import { printJobStatusEnum } from './enums.js';
import { projects } from './projects.js';
import type { PrintJobPhase } from '@mailcraft/shared';

/** Print-file jobs: status is queued | running | done | failed; done/total count mail pieces. */
export const printJobs = pgTable('print_jobs', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
  status: printJobStatusEnum('status').notNull().default('queued'),
  done: integer('done').notNull().default(0),
  total: integer('total').notNull().default(0),
  error: text('error'),
  fileKey: text('file_key'),
  /** Size of the finished PDF in bytes. */
  fileSize: bigint('file_size', { mode: 'number' }),
  /** The list and design version the file was made from, as they were when it was started (docs/requirements/workflow.md#clear-states-and-fast-pages: print history). */
  listId: uuid('list_id'),
  listName: text('list_name'),
  designVersion: integer('design_version'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set by the render that holds the job; a newer claim after a crash replaces it. */
  runId: uuid('run_id'),
  /** Last sign of life of the running render; a stale one is picked up again (docs/architecture.md#jobs-and-events). */
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  /** When the current render claimed the job (the time remaining is measured from it). */
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /**
   * What the render is doing (docs/requirements/print.md#progress): preparing, rendering, merging,
   * preflight or storing; null while queued and once done; a failed job keeps the phase it failed in.
   */
  phase: text('phase').$type<PrintJobPhase>(),
  /** Print options (docs/requirements/print.md#print): `{ bleed, cropMarks, proof }`, all false by default. */
  options: jsonb('options').$type<{ bleed?: boolean; cropMarks?: boolean; proof?: boolean; trayBreaks?: boolean }>().notNull().default({}),
  /** The preflight report written when the job is done (docs/requirements/print.md#print): `{ passed, checks: [...] }`. */
  preflight: jsonb('preflight').$type<Record<string, unknown>>(),
}, (t) => [index('print_jobs_user_idx').on(t.userId), index('print_jobs_project_idx').on(t.projectId, t.createdAt)]);

/** Who approved which design version of a project for printing (docs/requirements/print.md#print proofs); the final file names the approved version. */
export const designApprovals = pgTable('design_approvals', {
  id: uuid('id').primaryKey().defaultRandom(),
  projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
  designVersion: integer('design_version').notNull(),
  approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
  approvedAt: timestamp('approved_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('design_approvals_project_idx').on(t.projectId, t.approvedAt)]);
