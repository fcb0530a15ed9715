import fs from 'node:fs';
import Papa from 'papaparse';
import { eq } from 'drizzle-orm';
import { PAGE_PADDING_MM, PAPER_SIZES_MM, PERMIT_LINE_DEFAULTS, type FieldSettings, type Mappings, type PlanId, type TPlanFeatures } from '@mailcraft/shared';
import type { Db } from '../db/client.js';
import { sharedDataFile } from './shared-data.js';
import { columnMappings, designs, mailingListRecords, mailingLists, permits, plans, projects, subscriptions } from '../db/schema/index.js';

/**
 * Test factories (docs/architecture.md#tests). Rows are
 * inserted with Drizzle directly, so tests of one module do not depend on other modules' routes.
 */

/** The shared sample list us-500.csv (CR-only line ends) as headers and rows. */
export function us500(limit = Infinity): { headers: string[]; rows: string[][] } {
  const parsed = Papa.parse<string[]>(fs.readFileSync(sharedDataFile('us-500.csv'), 'utf8'), { skipEmptyLines: true });
  const [headers, ...rows] = parsed.data;
  return { headers, rows: rows.slice(0, limit) };
}

export async function createPermit(db: Db, userId: string, over: { name?: string; lines?: string[] } = {}) {
  const l = over.lines ?? [...PERMIT_LINE_DEFAULTS];
  const [row] = await db.insert(permits).values({
    userId, name: over.name ?? 'Test permit', isDefault: true,
    indicia: { line1: l[0], line2: l[1], line3: l[2], line4: l[3], line5: l[4], line6: l[5] },
  }).returning();
  return row;
}

export async function createProject(db: Db, userId: string, over: Partial<typeof projects.$inferInsert> = {}) {
  const [row] = await db.insert(projects).values({
    userId, name: 'Spring mailer', templateType: 'self_mailer', paperSize: '8.5x11', sides: 'double', permitType: 'custom', ...over,
  }).returning();
  return row;
}

/** A list with its records (values in header order, row_index = position) and, given a project, set as its list. */
export async function createMailingList(db: Db, userId: string, data: { headers: string[]; rows: string[][]; projectId?: string; name?: string }) {
  const [list] = await db.insert(mailingLists).values({
    userId, projectId: data.projectId ?? null, name: data.name ?? 'us-500.csv', headers: data.headers, rowCount: data.rows.length, sourceFormat: 'csv',
  }).returning();
  for (let i = 0; i < data.rows.length; i += 1000) {
    await db.insert(mailingListRecords).values(data.rows.slice(i, i + 1000).map((values, j) => ({ listId: list.id, rowIndex: i + j, values })));
  }
  if (data.projectId) await db.update(projects).set({ listId: list.id }).where(eq(projects.id, data.projectId));
  return list;
}

export async function saveColumnMappings(db: Db, listId: string, mappings: Mappings, fieldSettings: FieldSettings = {}) {
  await db.insert(columnMappings).values({ listId, mappings, fieldSettings });
}

/** A blank 8.5x11 (or `paperSize`) pdfme page with these elements (docs/requirements/designer.md#limits sizes, padding 6.35 mm). */
export function designPage(elements: Array<Record<string, unknown>>, paperSize: keyof typeof PAPER_SIZES_MM = '8.5x11') {
  const { width, height } = PAPER_SIZES_MM[paperSize];
  const p = PAGE_PADDING_MM;
  return { basePdf: { width, height, padding: [p, p, p, p] }, schemas: [elements] };
}

/** A text element (mm); the name is the merge field it shows. */
export const textElement = (name: string, x: number, y: number, over: Record<string, unknown> = {}) => ({
  name, type: 'text', content: name, position: { x, y }, width: 120, height: 9, fontSize: 12, fontName: 'Helvetica', ...over,
});

export async function createDesign(db: Db, projectId: string, data: { inside: unknown; outside?: unknown }) {
  await db.insert(designs).values({ projectId, templateDataInside: data.inside, templateDataOutside: data.outside ?? null, hasContent: true });
}

/**
 * Puts a user on `planId` with some of that plan's features overridden — in this test file's own
 * database only (each file opens its own), e.g. `onPlan(db, u.id, 'pay_as_you_go', { max_projects: 2 })`.
 */
export async function onPlan(db: Db, userId: string, planId: PlanId, features: Partial<TPlanFeatures> = {}) {
  const [plan] = await db.select().from(plans).where(eq(plans.id, planId));
  await db.update(plans).set({ features: { ...plan.features, ...features } }).where(eq(plans.id, planId));
  await db.insert(subscriptions).values({ userId, planId })
    .onConflictDoUpdate({ target: subscriptions.userId, set: { planId } });
}
