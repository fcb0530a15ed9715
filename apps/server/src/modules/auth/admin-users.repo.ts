import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sessions, users, type UserRow } from '../../db/schema/index.js';

/** What administrators change on an account (docs/requirements/administration.md#administration): the administrator flag and disabling. */
export const adminUsersRepo = {
  byId: async (db: Db, id: string): Promise<UserRow | undefined> => (await db.select().from(users).where(eq(users.id, id)).limit(1))[0],

  setAdmin: async (db: Db, id: string, isAdmin: boolean) => db.update(users).set({ isAdmin }).where(eq(users.id, id)),

  /** Disables (now) or enables the account; disabling also deletes every session of the user. */
  setDisabled: async (db: Db, id: string, disabled: boolean) => {
    await db.update(users).set({ disabledAt: disabled ? new Date() : null }).where(eq(users.id, id));
    if (disabled) await db.delete(sessions).where(eq(sessions.userId, id));
  },
};
