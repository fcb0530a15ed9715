import { desc, eq, sql } from 'drizzle-orm';
import type { AuditArea } from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import { adminAudit, users } from '../../db/schema/index.js';

export type AuditRow = typeof adminAudit.$inferSelect;

/** Database access for the administrators' audit log (docs/requirements/administration.md#administration). */
export const auditRepo = {
  /** Adds an entry; the actor's email is read from `users` in the same statement. */
  insert: async (db: Db, entry: { actorId: string; area: AuditArea; action: string; targetId: string | null; summary: string; before: unknown; after: unknown }) => {
    const email = db.select({ email: users.email }).from(users).where(eq(users.id, entry.actorId));
    await db.insert(adminAudit).values({
      actorId: entry.actorId, actorEmail: sql`coalesce((${email}), 'unknown')`, area: entry.area, action: entry.action,
      targetId: entry.targetId, summary: entry.summary, before: entry.before ?? null, after: entry.after ?? null,
    });
  },

  /** The newest `limit` entries, of one area or all. */
  list: async (db: Db, area: AuditArea | undefined, limit: number): Promise<AuditRow[]> =>
    db.select().from(adminAudit).where(area ? eq(adminAudit.area, area) : undefined).orderBy(desc(adminAudit.at), desc(adminAudit.id)).limit(limit),
};
