import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { isUuid } from '../../platform/ids.js';
import { printJobs, projects } from '../../db/schema/index.js';

export type PrintJobRow = typeof printJobs.$inferSelect;

/** The print_jobs table: one row per print file, with the render that holds it. */
export const printRepo = {
  /** A new job in status 'queued' with `total` pieces to render, naming the list and design version it prints, with its print options (docs/requirements/print.md#print). */
  createJob: async (db: Db, job: { userId: string; projectId: string; total: number; listId: string; listName: string; designVersion: number; options?: PrintJobRow['options'] }): Promise<PrintJobRow> =>
    (await db.insert(printJobs).values({ ...job, status: 'queued' }).returning())[0],

  /** A project's jobs of the user, newest first, at most `limit`. */
  /** The project's print jobs, newest first; at most `limit` (every one without). */
  listForProject: async (db: Db, userId: string, projectId: string, limit?: number): Promise<PrintJobRow[]> => {
    const all = db.select().from(printJobs)
      .where(and(eq(printJobs.projectId, projectId), eq(printJobs.userId, userId)))
      .orderBy(desc(printJobs.createdAt), desc(printJobs.id)).$dynamic();
    return limit === undefined ? all : all.limit(limit);
  },

  /** Ids of every print job of the projects (uuids), finished or not: whose files go with the projects (docs/architecture.md#storage). */
  jobIdsOfProjects: async (db: Db, projectIds: string[]): Promise<string[]> =>
    (await db.select({ id: printJobs.id }).from(printJobs).where(inArray(printJobs.projectId, projectIds))).map((r) => r.id),

  /** A job with its project's name; scoped to the user when `userId` is given. */
  findJob: async (db: Db, jobId: string, userId?: string) => {
    if (!isUuid(jobId)) return undefined;
    const [row] = await db
      .select({ job: printJobs, projectName: projects.name })
      .from(printJobs)
      .innerJoin(projects, eq(projects.id, printJobs.projectId))
      .where(userId ? and(eq(printJobs.id, jobId), eq(printJobs.userId, userId)) : eq(printJobs.id, jobId))
      .limit(1);
    return row;
  },

  /**
   * Claims a job for the render `runId`: only a queued job, or a running one whose heartbeat is
   * older than `staleBefore` (its render died), is claimed; status becomes running from piece 0, phase 'preparing'.
   * Returns the job, or undefined when it is done, failed or held by a live render.
   */
  claim: async (db: Db, jobId: string, runId: string, staleBefore: Date): Promise<PrintJobRow | undefined> =>
    (await db.update(printJobs)
      .set({ status: 'running', phase: 'preparing', runId, heartbeatAt: new Date(), startedAt: new Date(), done: 0, error: null, finishedAt: null })
      .where(and(eq(printJobs.id, jobId), or(
        eq(printJobs.status, 'queued'),
        and(eq(printJobs.status, 'running'), or(isNull(printJobs.heartbeatAt), lt(printJobs.heartbeatAt, staleBefore))),
      )))
      .returning())[0],

  /**
   * Updates the job held by `runId` and refreshes its heartbeat; false when another render has
   * claimed it since (this one must stop).
   */
  updateRun: async (db: Db, jobId: string, runId: string, set: Partial<Pick<PrintJobRow, 'status' | 'phase' | 'done' | 'total' | 'error' | 'fileKey' | 'fileSize' | 'finishedAt' | 'preflight'>>) =>
    (await db.update(printJobs).set({ ...set, heartbeatAt: new Date() })
      .where(and(eq(printJobs.id, jobId), eq(printJobs.runId, runId))).returning({ id: printJobs.id })).length > 0,

  /** Running jobs whose render stopped beating before `staleBefore`, oldest first. */
  staleRunning: async (db: Db, staleBefore: Date): Promise<string[]> =>
    (await db.select({ id: printJobs.id }).from(printJobs)
      .where(and(eq(printJobs.status, 'running'), or(isNull(printJobs.heartbeatAt), lt(printJobs.heartbeatAt, staleBefore))))
      .orderBy(asc(printJobs.createdAt))).map((r) => r.id),

  /**
   * The newest finished print file (not a proof) of the project that prints list `listId` at design
   * version `designVersion`, with its preflight — whose flagged pieces a proof shows (docs/requirements/print.md#print).
   */
  latestFinal: async (db: Db, projectId: string, listId: string, designVersion: number): Promise<PrintJobRow | undefined> =>
    (await db.select().from(printJobs)
      .where(and(
        eq(printJobs.projectId, projectId), eq(printJobs.listId, listId), eq(printJobs.designVersion, designVersion),
        eq(printJobs.status, 'done'), sql`coalesce((${printJobs.options}->>'proof')::boolean, false) = false`,
      ))
      .orderBy(desc(printJobs.createdAt)).limit(1))[0],

  /** Back to queued (a stale render is taken over by a fresh job). */
  requeue: async (db: Db, jobId: string) =>
    db.update(printJobs).set({ status: 'queued', phase: null, done: 0, runId: null, heartbeatAt: sql`NULL` }).where(eq(printJobs.id, jobId)),

};
