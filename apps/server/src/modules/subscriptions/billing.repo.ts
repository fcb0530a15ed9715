import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { PlanId } from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import { numberValue, rowsOf } from '../../db/raw-rows.js';
import { apiUsage, plans, subscriptions, upgradeRequests, users } from '../../db/schema/index.js';

export type UpgradeRequestRow = typeof upgradeRequests.$inferSelect;
/** A request with what the admin list shows beside it. */
export type UpgradeRequestRecord = UpgradeRequestRow & { email: string; planName: string; currentPlanId: PlanId };
export type RequestStatus = UpgradeRequestRow['status'];

const requestRecord = {
  request: upgradeRequests,
  email: users.email,
  planName: plans.name,
  currentPlanId: sql<PlanId>`coalesce(${subscriptions.planId}, 'free')`,
};
const selectRequests = (db: Db) => db.select(requestRecord).from(upgradeRequests)
  .innerJoin(users, eq(users.id, upgradeRequests.userId))
  .innerJoin(plans, eq(plans.id, upgradeRequests.planId))
  .leftJoin(subscriptions, eq(subscriptions.userId, upgradeRequests.userId));
const flatten = (r: Awaited<ReturnType<typeof selectRequests>>[number]): UpgradeRequestRecord =>
  ({ ...r.request, email: r.email, planName: r.planName, currentPlanId: r.currentPlanId });

/** Upgrade requests and usage counts (docs/requirements/administration.md#administration). Reads of one user's data are scoped to that user. */
export const billingRepo = {
  /** The user's pending request, if any. */
  pendingOf: async (db: Db, userId: string): Promise<UpgradeRequestRecord | undefined> => {
    const [r] = await selectRequests(db).where(and(eq(upgradeRequests.userId, userId), eq(upgradeRequests.status, 'pending'))).limit(1);
    return r ? flatten(r) : undefined;
  },

  /** Replaces the user's pending request (if any) by one for `planId`, in one transaction. */
  request: async (db: Db, userId: string, planId: PlanId): Promise<string> =>
    db.transaction(async (tx) => {
      await tx.update(upgradeRequests).set({ status: 'cancelled', decidedAt: new Date() })
        .where(and(eq(upgradeRequests.userId, userId), eq(upgradeRequests.status, 'pending')));
      const [row] = await tx.insert(upgradeRequests).values({ userId, planId }).returning({ id: upgradeRequests.id });
      return row.id;
    }),

  /** Withdraws the user's pending request; true when there was one. */
  cancelPending: async (db: Db, userId: string): Promise<boolean> =>
    (await db.update(upgradeRequests).set({ status: 'cancelled', decidedAt: new Date() })
      .where(and(eq(upgradeRequests.userId, userId), eq(upgradeRequests.status, 'pending'))).returning({ id: upgradeRequests.id })).length > 0,

  /** Requests with `status`, newest first (administrators). */
  list: async (db: Db, status: RequestStatus, limit: number): Promise<UpgradeRequestRecord[]> =>
    (await selectRequests(db).where(eq(upgradeRequests.status, status)).orderBy(desc(upgradeRequests.createdAt)).limit(limit)).map(flatten),

  byId: async (db: Db, id: string): Promise<UpgradeRequestRecord | undefined> => {
    const [r] = await selectRequests(db).where(eq(upgradeRequests.id, id)).limit(1);
    return r ? flatten(r) : undefined;
  },

  /** Decides a pending request; false when it was no longer pending (decided or withdrawn meanwhile). */
  decide: async (db: Db, id: string, status: 'approved' | 'declined', by: string): Promise<boolean> =>
    (await db.update(upgradeRequests).set({ status, decidedAt: new Date(), decidedBy: by })
      .where(and(eq(upgradeRequests.id, id), eq(upgradeRequests.status, 'pending'))).returning({ id: upgradeRequests.id })).length > 0,

  /**
   * The user's usage since `from` (the month's first instant, UTC), counted from the events
   * themselves: pieces of print files finished — billable pieces only: a proof's pieces are not
   * (print options `proof`), nor previews (they make no print job) — orders placed with live keys,
   * scans, and public API calls (the monthly totals the rate-window purge keeps plus the windows
   * not yet purged).
   */
  usageSince: async (db: Db, userId: string, from: Date, month: string): Promise<{ pieces: number; orders: number; scans: number; apiCalls: number }> => {
    const since = from.toISOString();
    const [row] = rowsOf(await db.execute(sql`SELECT
      (SELECT coalesce(sum(total), 0) FROM print_jobs WHERE user_id = ${userId} AND status = 'done' AND finished_at >= ${since}::timestamptz
        AND NOT coalesce((options->>'proof')::boolean, false)) AS pieces,
      (SELECT count(*) FROM orders WHERE user_id = ${userId} AND NOT test AND created_at >= ${since}::timestamptz) AS orders,
      (SELECT count(*) FROM scans WHERE user_id = ${userId} AND scanned_at >= ${since}::timestamptz) AS scans,
      (SELECT coalesce(sum(w.count), 0) FROM api_rate_windows w JOIN api_keys k ON k.id = w.key_id WHERE k.user_id = ${userId} AND w.window_start >= ${since}::timestamptz) AS windows`));
    const [kept] = await db.select({ calls: apiUsage.calls }).from(apiUsage).where(and(eq(apiUsage.userId, userId), eq(apiUsage.month, month)));
    return { pieces: numberValue(row.pieces), orders: numberValue(row.orders), scans: numberValue(row.scans), apiCalls: numberValue(row.windows) + (kept?.calls ?? 0) };
  },
};

/**
 * Users whose email or given name contains `text` (case-insensitive; all when empty), newest
 * first, with their plan (free without a subscription) and latest sign-in (their newest session).
 */
export async function searchUsers(db: Db, text: string, limit: number) {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return selectAdminUsers(db)
    .where(text ? or(ilike(users.email, pattern), ilike(users.givenName, pattern)) : undefined)
    .orderBy(desc(users.createdAt))
    .limit(limit);
}

/** Users as the administrators' pages show them: plan (free without a subscription), latest sign-in (their newest session), disabled. */
const selectAdminUsers = (db: Db) => db.select({
  id: users.id, email: users.email, givenName: users.givenName, isAdmin: users.isAdmin, createdAt: users.createdAt, disabledAt: users.disabledAt,
  planId: sql<PlanId>`coalesce(${subscriptions.planId}, 'free')`,
  lastSignInAt: sql<string | null>`(SELECT max(s.created_at) FROM sessions s WHERE s.user_id = ${users.id})`,
}).from(users).leftJoin(subscriptions, eq(subscriptions.userId, users.id));

/** One user as `searchUsers` lists them, with counts of what they own (projects, mailing lists, API keys); undefined when unknown. */
export async function adminUserById(db: Db, id: string) {
  const [user] = await selectAdminUsers(db).where(eq(users.id, id)).limit(1);
  if (!user) return undefined;
  const [row] = rowsOf(await db.execute(sql`SELECT
    (SELECT count(*) FROM projects WHERE user_id = ${id}) AS projects,
    (SELECT count(*) FROM mailing_lists WHERE user_id = ${id}) AS lists,
    (SELECT count(*) FROM api_keys WHERE user_id = ${id}) AS keys`));
  return { ...user, projects: numberValue(row.projects), lists: numberValue(row.lists), keys: numberValue(row.keys) };
}
