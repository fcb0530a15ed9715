import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { authFailures, passwordResets, sessions, users, type UserRow } from '../../db/schema/index.js';

/** Database access for accounts, sessions and failed sign-in counters. */
export const authRepo = {
  findUserByEmail: async (db: Db, email: string): Promise<UserRow | undefined> =>
    (await db.select().from(users).where(eq(users.email, email)).limit(1))[0],

  /** Creates a user; the first account ever created becomes an administrator (issue 2). */
  createUser: async (db: Db, u: { email: string; passwordHash: string; givenName: string }): Promise<UserRow> =>
    db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE ${users} IN SHARE ROW EXCLUSIVE MODE`);
      const [{ n }] = await tx.select({ n: count() }).from(users);
      const [row] = await tx.insert(users).values({ ...u, isAdmin: n === 0 }).returning();
      return row;
    }),

  /** Stores a session; `client` is the browser's User-Agent and address at sign-in (issue 11 /account). */
  createSession: async (db: Db, id: string, userId: string, expiresAt: Date, client: { userAgent?: string | null; ip?: string | null } = {}) =>
    db.insert(sessions).values({ id, userId, expiresAt, userAgent: client.userAgent ?? null, ip: client.ip ?? null }),

  /** The user of a session that is neither idle-expired nor created before `createdAfter`, unless an administrator disabled the user (issue 11). */
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

  recordFailure: async (db: Db, keys: string[]) =>
    db.insert(authFailures).values(keys.map((key) => ({ key }))),

  countFailures: async (db: Db, key: string, since: Date): Promise<number> =>
    (await db.select({ n: count() }).from(authFailures).where(and(eq(authFailures.key, key), gt(authFailures.failedAt, since))))[0].n,

  deleteFailuresBefore: async (db: Db, before: Date) => db.delete(authFailures).where(lt(authFailures.failedAt, before)),

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

  clearFailures: async (db: Db, key: string) => db.delete(authFailures).where(eq(authFailures.key, key)),
};
