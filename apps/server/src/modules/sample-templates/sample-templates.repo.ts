import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import type { TDesignTemplate } from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import { sampleTemplates } from '../../db/schema/index.js';

export type SampleTemplateRow = typeof sampleTemplates.$inferSelect;
/** What `design` holds: the inside page and, double-sided, the outside (address side) page. */
export type SampleDesign = { inside: TDesignTemplate; outside: TDesignTemplate | null };

/** The row's design (stored as jsonb). */
export const designOf = (row: SampleTemplateRow) => row.design as unknown as SampleDesign;

/** Database access for the sample_templates table (docs/requirements/administration.md#administration). */
export const sampleTemplatesRepo = {
  /** Samples ordered by position then name; only published ones with `publishedOnly`, filtered by type and size. */
  list: async (db: Db, opts: { publishedOnly: boolean; type?: string; size?: string }): Promise<SampleTemplateRow[]> => {
    const where: SQL[] = [];
    if (opts.publishedOnly) where.push(eq(sampleTemplates.published, true));
    if (opts.type) where.push(eq(sampleTemplates.templateType, opts.type));
    if (opts.size) where.push(eq(sampleTemplates.paperSize, opts.size));
    return db.select().from(sampleTemplates).where(and(...where))
      .orderBy(asc(sampleTemplates.position), asc(sampleTemplates.name), asc(sampleTemplates.createdAt));
  },

  find: async (db: Db, id: string): Promise<SampleTemplateRow | undefined> =>
    (await db.select().from(sampleTemplates).where(eq(sampleTemplates.id, id)).limit(1))[0],

  insert: async (db: Db, row: typeof sampleTemplates.$inferInsert): Promise<SampleTemplateRow> =>
    (await db.insert(sampleTemplates).values(row).returning())[0],

  /**
   * Inserts built-in samples whose `builtinKey` is not taken yet; existing rows (possibly hidden
   * or edited by an administrator) are left alone. Returns how many were added.
   */
  insertMissingBuiltins: async (db: Db, rows: Array<typeof sampleTemplates.$inferInsert>): Promise<number> =>
    rows.length === 0 ? 0 : (await db.insert(sampleTemplates).values(rows).onConflictDoNothing({ target: sampleTemplates.builtinKey }).returning({ id: sampleTemplates.id })).length,

  update: async (db: Db, id: string, set: Partial<typeof sampleTemplates.$inferInsert>): Promise<SampleTemplateRow | undefined> =>
    (await db.update(sampleTemplates).set({ ...set, updatedAt: new Date() }).where(eq(sampleTemplates.id, id)).returning())[0],

  /**
   * Records a thumbnail's storage key without touching `updated_at` (lazy rendering is no edit),
   * only while the key is still unset (two first requests at once store one key).
   */
  setThumbnailKey: async (db: Db, id: string, side: 'front' | 'back', key: string): Promise<void> => {
    const column = side === 'front' ? sampleTemplates.frontThumbnailKey : sampleTemplates.backThumbnailKey;
    await db.update(sampleTemplates).set(side === 'front' ? { frontThumbnailKey: key } : { backThumbnailKey: key })
      .where(and(eq(sampleTemplates.id, id), isNull(column)));
  },

  delete: async (db: Db, id: string): Promise<SampleTemplateRow | undefined> =>
    (await db.delete(sampleTemplates).where(eq(sampleTemplates.id, id)).returning())[0],
};
