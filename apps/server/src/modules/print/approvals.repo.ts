import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { designApprovals, users } from '../../db/schema/index.js';

/** Who approved which design version of a project (docs/requirements/print.md#print proofs); callers check ownership. */
export const approvalsRepo = {
  add: async (db: Db, projectId: string, designVersion: number, userId: string) =>
    db.insert(designApprovals).values({ projectId, designVersion, approvedBy: userId }),

  /** The project's approvals newest first, with the approver's email. */
  list: async (db: Db, projectId: string, limit: number) => db
    .select({ designVersion: designApprovals.designVersion, approvedAt: designApprovals.approvedAt, email: sql<string | null>`${users.email}` })
    .from(designApprovals)
    .leftJoin(users, eq(users.id, designApprovals.approvedBy))
    .where(eq(designApprovals.projectId, projectId))
    .orderBy(desc(designApprovals.approvedAt))
    .limit(limit),

  /** Whether `designVersion` of the project has an approval. */
  isApproved: async (db: Db, projectId: string, designVersion: number): Promise<boolean> =>
    (await db.select({ id: designApprovals.id }).from(designApprovals)
      .where(and(eq(designApprovals.projectId, projectId), eq(designApprovals.designVersion, designVersion))).limit(1)).length > 0,
};
