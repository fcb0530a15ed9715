import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, users, type UserRow } from '../../db/schema/index.js';

/** Database access of the account page (docs/requirements/administration.md#administration): the user's own row and sessions. */
export const accountRepo = {
  findUser: async (db: Db, id: string): Promise<UserRow | undefined> =>
    (await db.select().from(users).where(eq(users.id, id)).limit(1))[0],

  updateUser: async (db: Db, id: string, set: Partial<Pick<UserRow, 'givenName' | 'email' | 'passwordHash' | 'timeZone' | 'projectDefaults' | 'mailerId' | 'imbServiceTypeId' | 'imbBarcodeId'>>) =>
    (await db.update(users).set(set).where(eq(users.id, id)).returning())[0] as UserRow | undefined,

  emailTaken: async (db: Db, email: string, exceptId: string): Promise<boolean> =>
    (await db.select({ id: users.id }).from(users).where(and(eq(users.email, email), ne(users.id, exceptId))).limit(1)).length > 0,

  /** The user's sessions that have not idle-expired, newest first (the 30-day cap is applied by the caller). */
  listSessions: async (db: Db, userId: string) =>
    db.select().from(sessions)
      .where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} > now()`))
      .orderBy(sql`${sessions.createdAt} desc`),

  deleteSession: async (db: Db, userId: string, id: string): Promise<number> =>
    (await db.delete(sessions).where(and(eq(sessions.userId, userId), eq(sessions.id, id))).returning({ id: sessions.id })).length,

  /** Ends every session of the user except `keepId`; returns how many ended. */
  deleteOtherSessions: async (db: Db, userId: string, keepId: string): Promise<number> =>
    (await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepId))).returning({ id: sessions.id })).length,

  /** Administrators other than `exceptId` who are not disabled. */
  countOtherAdmins: async (db: Db, exceptId: string): Promise<number> =>
    (await db.select({ n: count() }).from(users).where(and(eq(users.isAdmin, true), ne(users.id, exceptId), isNull(users.disabledAt))))[0].n,

  /** Deletes the user; every table holding a user_id cascades from it (db/schema). */
  deleteUser: async (db: Db, id: string): Promise<boolean> =>
    (await db.delete(users).where(eq(users.id, id)).returning({ id: users.id })).length > 0,
};
