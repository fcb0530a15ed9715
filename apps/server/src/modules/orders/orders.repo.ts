import { and, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { isUuid } from '../../platform/ids.js';

export type OrderRow = typeof orders.$inferSelect;

/** Test orders (`true`), live orders (`false`), or both (`null`). */
const inMode = (test: boolean | null): SQL | undefined => (test === null ? undefined : eq(orders.test, test));

/** Database access for on-demand orders; reads are scoped to the owner and to one mode (live or test). */
export const ordersRepo = {
  /** Inserts `rows` in one statement (all or none); answers them in the order given. */
  createAll: async (db: Db, rows: Array<typeof orders.$inferInsert & { id: string }>): Promise<OrderRow[]> => {
    const created = await db.insert(orders).values(rows).returning();
    const byId = new Map(created.map((o) => [o.id, o]));
    return rows.map((r) => byId.get(r.id)!);
  },

  /** The user's order `id` of the mode `test` (a test order is not found for a live key, nor a live one for a test key). */
  owned: async (db: Db, userId: string, id: string, test: boolean): Promise<OrderRow | undefined> => {
    if (!isUuid(id)) return undefined;
    return (await db.select().from(orders).where(and(eq(orders.id, id), eq(orders.userId, userId), inMode(test))).limit(1))[0];
  },

  byId: async (db: Db, id: string): Promise<OrderRow | undefined> => (await db.select().from(orders).where(eq(orders.id, id)).limit(1))[0],

  /** Owner and mode of each of the orders `ids` that exists. */
  modes: async (db: Db, ids: string[]): Promise<Array<Pick<OrderRow, 'id' | 'userId' | 'test'>>> => {
    const valid = ids.filter(isUuid);
    return valid.length ? db.select({ id: orders.id, userId: orders.userId, test: orders.test }).from(orders).where(inArray(orders.id, valid)) : [];
  },

  /** Ids of every order of the users, live and test, in any state: whose files go with their accounts (docs/architecture.md#storage). */
  idsOfUsers: async (db: Db, userIds: string[]): Promise<string[]> =>
    (await db.select({ id: orders.id }).from(orders).where(inArray(orders.userId, userIds))).map((r) => r.id),

  /** A page of the user's orders of one mode (both when `test` is null), newest first. */
  list: async (db: Db, userId: string, test: boolean | null, limit: number, offset: number): Promise<OrderRow[]> =>
    db.select().from(orders).where(and(eq(orders.userId, userId), inMode(test))).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit).offset(offset),

  /**
   * A page of the user's orders of one mode, newest first, of one type or both (`orderType` null):
   * those after `after` (keyset on created_at, id — the page before's last order, its time in ISO
   * 8601 UTC to the microsecond the database keeps), else from `offset`. Each row carries
   * `cursorAt`, its time so written. Stable while orders are placed: they come before the cursor.
   */
  page: async (db: Db, userId: string, q: {
    test: boolean; orderType: OrderRow['orderType'] | null; after: { at: string; id: string } | null; offset: number; limit: number;
  }): Promise<Array<OrderRow & { cursorAt: string }>> => {
    const after = q.after ? sql`(${orders.createdAt}, ${orders.id}) < (${q.after.at}::timestamptz, ${q.after.id}::uuid)` : undefined;
    const type = q.orderType ? eq(orders.orderType, q.orderType) : undefined;
    return db.select({ ...getTableColumns(orders), cursorAt: sql<string>`to_char(${orders.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` }).from(orders)
      .where(and(eq(orders.userId, userId), inMode(q.test), type, after))
      .orderBy(desc(orders.createdAt), desc(orders.id)).limit(q.limit).offset(q.after ? 0 : q.offset);
  },

  /** Moves an order on, only from one of `from` (so a cancelled order is never rendered over): one conditional update. */
  advance: async (db: Db, id: string, from: OrderRow['status'][], set: Partial<typeof orders.$inferInsert>): Promise<OrderRow | undefined> =>
    (await db.update(orders).set({ ...set, updatedAt: new Date() }).where(and(eq(orders.id, id), inArray(orders.status, from))).returning())[0],
};
