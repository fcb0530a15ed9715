import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authAttempts, passwordResets, sessions, users, type UserRow } from '../../db/schema/index.js';

/** Database access for accounts, sessions and the attempt counters of sign-in and other guarded actions. */
export const authRepo = {
  findUserByEmail: async (db: Db, email: string): Promise<UserRow | undefined> =>
    (await db.select().from(users).where(eq(users.email, email)).limit(1))[0],

  /**
   * Creates a user. With `claimOperator` it becomes an administrator if the server has none yet —
   * decided under a table lock, so two sign-ups at once cannot both take the seat.
   */
  createUser: async (db: Db, u: { email: string; passwordHash: string; givenName: string }, claimOperator = false): Promise<UserRow> =>
    db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE ${users} IN SHARE ROW EXCLUSIVE MODE`);
      const isAdmin = claimOperator && (await tx.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).limit(1)).length === 0;
      const [row] = await tx.insert(users).values({ ...u, isAdmin }).returning();
      return row;
    }),

  /** Whether any account is an administrator (the server has an operator). */
  operatorExists: async (db: Db): Promise<boolean> =>
    (await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).limit(1)).length > 0,

  /** Stores a session; `client` is the browser's User-Agent and address at sign-in (docs/requirements/administration.md#administration /account). */
  createSession: async (db: Db, id: string, userId: string, expiresAt: Date, client: { userAgent?: string | null; ip?: string | null } = {}) =>
    db.insert(sessions).values({ id, userId, expiresAt, userAgent: client.userAgent ?? null, ip: client.ip ?? null }),

  /** The user of a session that is neither idle-expired nor created before `createdAfter`, unless an administrator disabled the user (docs/requirements/administration.md#administration). */
  findSession: async (db: Db, id: string, createdAfter: Date) =>
    (await db
      .select({ user: users, expiresAt: sessions.expiresAt, createdAt: sessions.createdAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date()), gt(sessions.createdAt, createdAfter), isNull(users.disabledAt)))
      .limit(1))[0],

  extendSession: async (db: Db, id: string, expiresAt: Date) =>
    db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id)),

  deleteSession: async (db: Db, id: string) => db.delete(sessions).where(eq(sessions.id, id)),

  /** Deletes sessions idle-expired or created before `createdBefore`. */
  deleteExpiredSessions: async (db: Db, createdBefore: Date) =>
    db.delete(sessions).where(or(lt(sessions.expiresAt, new Date()), lt(sessions.createdAt, createdBefore))),

  /**
   * Counts one attempt under each key and answers each key's count in its window, in one atomic
   * upsert: parallel attempts each get their own number, so no more than the limit get past a
   * check of it. A counter whose window started at or before `since` starts again at 1 (window
   * start `now`). Keys must be distinct.
   */
  countAttempt: async (db: Db, keys: string[], since: Date, now = new Date()): Promise<Record<string, number>> => {
    const restart = sql`${authAttempts.windowStart} <= ${since.toISOString()}::timestamptz`;
    const rows = await db.insert(authAttempts)
      // Sorted, so parallel upserts of overlapping keys lock their rows in one order.
      .values([...keys].sort().map((key) => ({ key, count: 1, windowStart: now })))
      .onConflictDoUpdate({
        target: authAttempts.key,
        set: {
          count: sql`CASE WHEN ${restart} THEN 1 ELSE ${authAttempts.count} + 1 END`,
          windowStart: sql`CASE WHEN ${restart} THEN excluded.window_start ELSE ${authAttempts.windowStart} END`,
        },
      })
      .returning({ key: authAttempts.key, count: authAttempts.count });
    return Object.fromEntries(rows.map((r) => [r.key, r.count]));
  },

  /** The attempts counted under `key` in a window that started after `since`; 0 when none. */
  attemptCount: async (db: Db, key: string, since: Date): Promise<number> =>
    (await db.select({ n: authAttempts.count }).from(authAttempts).where(and(eq(authAttempts.key, key), gt(authAttempts.windowStart, since))))[0]?.n ?? 0,

  /**
   * Takes back one counted attempt under each key (an attempt that turned out to be legitimate).
   * One row per statement: a statement never holds one counter's lock while waiting for another,
   * so it cannot deadlock with the upserts of parallel attempts.
   */
  uncountAttempt: async (db: Db, keys: string[]): Promise<void> => {
    for (const key of keys) {
      await db.update(authAttempts).set({ count: sql`GREATEST(${authAttempts.count} - 1, 0)` }).where(eq(authAttempts.key, key));
    }
  },

  deleteAttemptsBefore: async (db: Db, before: Date) => db.delete(authAttempts).where(lt(authAttempts.windowStart, before)),

  /** Ends every session of the user (after a password reset). */
  deleteUserSessions: async (db: Db, userId: string) => db.delete(sessions).where(eq(sessions.userId, userId)),

  createPasswordReset: async (db: Db, id: string, userId: string, expiresAt: Date) =>
    db.insert(passwordResets).values({ id, userId, expiresAt }),

  /**
   * Marks an open, unexpired reset link used and returns its user id, atomically (a link used
   * twice at once works once); undefined for an unknown, used or expired link.
   */
  consumePasswordReset: async (db: Db, id: string): Promise<string | undefined> =>
    (await db.update(passwordResets).set({ usedAt: new Date() })
      .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
      .returning({ userId: passwordResets.userId }))[0]?.userId,

  /** Whether a reset link is open and unexpired (the page asks before showing the form). */
  passwordResetOpen: async (db: Db, id: string): Promise<boolean> =>
    (await db.select({ id: passwordResets.id }).from(passwordResets)
      .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date()))).limit(1)).length > 0,

  /** Voids the user's other open reset links. */
  voidPasswordResets: async (db: Db, userId: string) =>
    db.update(passwordResets).set({ usedAt: new Date() }).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt))),

  setPassword: async (db: Db, userId: string, passwordHash: string) =>
    db.update(users).set({ passwordHash }).where(eq(users.id, userId)),

  findUserById: async (db: Db, id: string): Promise<UserRow | undefined> =>
    (await db.select().from(users).where(eq(users.id, id)).limit(1))[0],

  deletePasswordResetsBefore: async (db: Db, before: Date) => db.delete(passwordResets).where(lt(passwordResets.expiresAt, before)),

  /** Forgets every attempt counted under `key`. */
  clearAttempts: async (db: Db, key: string) => db.delete(authAttempts).where(eq(authAttempts.key, key)),
};
