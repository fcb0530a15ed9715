import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { TIndicia } from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import { permits, users } from '../../db/schema/index.js';
import { isUuid } from '../../platform/ids.js';

export type PermitRow = typeof permits.$inferSelect;

/** Mailing permits (docs/requirements/projects.md#data). Every query is scoped to the owning user. */
export const permitsRepo = {
  /** The user's permits, default first, then oldest first. */
  listForUser: (db: Db, userId: string): Promise<PermitRow[]> =>
    db.select().from(permits).where(eq(permits.userId, userId))
      .orderBy(desc(permits.isDefault), asc(permits.createdAt), asc(permits.id)),

  findForUser: async (db: Db, userId: string, id: string): Promise<PermitRow | undefined> => {
    if (!isUuid(id)) return undefined;
    return (await db.select().from(permits).where(and(eq(permits.id, id), eq(permits.userId, userId))).limit(1))[0];
  },

  findDefault: async (db: Db, userId: string): Promise<PermitRow | undefined> =>
    (await db.select().from(permits).where(and(eq(permits.userId, userId), eq(permits.isDefault, true))).limit(1))[0],

  /** The user's oldest permit (the next default when the default is deleted). */
  findOldest: async (db: Db, userId: string): Promise<PermitRow | undefined> =>
    (await db.select().from(permits).where(eq(permits.userId, userId)).orderBy(asc(permits.createdAt), asc(permits.id)).limit(1))[0],

  /**
   * Serialises permit changes of one user (row lock on the user) so that "first permit is the
   * default" and "one default" hold under concurrent requests. Call inside a transaction.
   */
  lockUser: async (db: Db, userId: string): Promise<void> => {
    await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  },

  insert: async (db: Db, values: { userId: string; name: string; indicia: TIndicia; isDefault: boolean; mailerId?: string | null }): Promise<PermitRow> =>
    (await db.insert(permits).values(values).returning())[0],

  /** Sets the permit's Mailer ID (null: the account's); the updated row, or undefined when it is not the user's. */
  setMailerId: async (db: Db, userId: string, id: string, mailerId: string | null): Promise<PermitRow | undefined> => {
    if (!isUuid(id)) return undefined;
    return (await db.update(permits).set({ mailerId }).where(and(eq(permits.id, id), eq(permits.userId, userId))).returning())[0];
  },

  /** Clears the default flag on every permit of the user except `keepId`. */
  clearDefaults: async (db: Db, userId: string, keepId: string): Promise<void> => {
    await db.update(permits).set({ isDefault: false }).where(and(eq(permits.userId, userId), ne(permits.id, keepId)));
  },

  setDefault: async (db: Db, userId: string, id: string): Promise<void> => {
    await db.update(permits).set({ isDefault: true }).where(and(eq(permits.userId, userId), eq(permits.id, id)));
  },

  delete: async (db: Db, userId: string, id: string): Promise<PermitRow | undefined> => {
    if (!isUuid(id)) return undefined;
    return (await db.delete(permits).where(and(eq(permits.id, id), eq(permits.userId, userId))).returning())[0];
  },

};
