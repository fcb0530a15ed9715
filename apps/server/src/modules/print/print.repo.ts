import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { columnMappings, designs, mailingListRecords, mailingLists, permits, printJobs, projects } from '../../db/schema/index.js';

export type PrintJobRow = typeof printJobs.$inferSelect;

/**
 * Database access for print files: the project with its design, permit, list and mappings
 * (read here rather than through other modules, so rendering needs one module), list records
 * in list order, and the print_jobs table.
 */
export const printRepo = {
  /** The user's project with its design and selected permit; undefined when not the user's. */
  findProject: async (db: Db, userId: string, projectId: string) => {
    const [row] = await db
      .select({ project: projects, design: designs, permit: permits })
      .from(projects)
      .leftJoin(designs, eq(designs.projectId, projects.id))
      .leftJoin(permits, and(eq(permits.id, projects.mailingPermitId), eq(permits.userId, projects.userId)))
      .where(and(eq(projects.id, projectId), eq(projects.userId, userId)))
      .limit(1);
    return row;
  },

  /** The user's list with its saved mappings (null when none are saved). */
  findList: async (db: Db, userId: string, listId: string) => {
    const [row] = await db
      .select({ list: mailingLists, mapping: columnMappings })
      .from(mailingLists)
      .leftJoin(columnMappings, eq(columnMappings.listId, mailingLists.id))
      .where(and(eq(mailingLists.id, listId), eq(mailingLists.userId, userId)))
      .limit(1);
    return row;
  },

  /** Number of records in a list. */
  countRecords: async (db: Db, listId: string): Promise<number> =>
    (await db.select({ n: count() }).from(mailingListRecords).where(eq(mailingListRecords.listId, listId)))[0].n,

  /**
   * The list's records in list order, `batchSize` at a time (keyset on row_index), so a whole
   * list is never in memory. Stops after `limit` records when given.
   */
  async *recordBatches(db: Db, listId: string, batchSize: number, limit = Infinity) {
    let after = -1;
    let read = 0;
    while (read < limit) {
      const rows = await db
        .select({ id: mailingListRecords.id, rowIndex: mailingListRecords.rowIndex, values: mailingListRecords.values })
        .from(mailingListRecords)
        .where(and(eq(mailingListRecords.listId, listId), gt(mailingListRecords.rowIndex, after)))
        .orderBy(asc(mailingListRecords.rowIndex))
        .limit(Math.min(batchSize, limit - read));
      if (rows.length === 0) return;
      read += rows.length;
      after = rows[rows.length - 1].rowIndex;
      yield rows;
    }
  },

  /** A new job in status 'queued' with `total` pieces to render. */
  createJob: async (db: Db, job: { userId: string; projectId: string; total: number }): Promise<PrintJobRow> =>
    (await db.insert(printJobs).values({ ...job, status: 'queued' }).returning())[0],

  /** A job with its project's name; scoped to the user when `userId` is given. */
  findJob: async (db: Db, jobId: string, userId?: string) => {
    const [row] = await db
      .select({ job: printJobs, projectName: projects.name })
      .from(printJobs)
      .innerJoin(projects, eq(projects.id, printJobs.projectId))
      .where(userId ? and(eq(printJobs.id, jobId), eq(printJobs.userId, userId)) : eq(printJobs.id, jobId))
      .limit(1);
    return row;
  },

  /** Sets any of a job's status, progress, total, error, file key and finish time. */
  /** Ids of jobs in a status, oldest first (start-up recovery of interrupted renders). */
  jobIdsWithStatus: async (db: Db, status: string): Promise<string[]> =>
    (await db.select({ id: printJobs.id }).from(printJobs).where(eq(printJobs.status, status)).orderBy(asc(printJobs.createdAt)))
      .map((r) => r.id),

  updateJob: async (db: Db, jobId: string, set: Partial<Pick<PrintJobRow, 'status' | 'done' | 'total' | 'error' | 'fileKey' | 'finishedAt'>>) =>
    db.update(printJobs).set(set).where(eq(printJobs.id, jobId)),
};
