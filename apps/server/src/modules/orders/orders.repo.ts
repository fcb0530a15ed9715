import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { isUuid } from '../../platform/ids.js';

export type OrderRow = typeof orders.$inferSelect;

/** Database access for on-demand orders; reads are scoped to the owner. */
export const ordersRepo = {
  create: async (db: Db, values: typeof orders.$inferInsert): Promise<OrderRow> => (await db.insert(orders).values(values).returning())[0],

  owned: async (db: Db, userId: string, id: string): Promise<OrderRow | undefined> => {
    if (!isUuid(id)) return undefined;
    return (await db.select().from(orders).where(and(eq(orders.id, id), eq(orders.userId, userId))).limit(1))[0];
  },

  byId: async (db: Db, id: string): Promise<OrderRow | undefined> => (await db.select().from(orders).where(eq(orders.id, id)).limit(1))[0],

  list: async (db: Db, userId: string, limit: number, offset: number): Promise<OrderRow[]> =>
    db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit).offset(offset),

  /** Moves an order on, only from one of `from` (so a cancelled order is never rendered over): one conditional update. */
  advance: async (db: Db, id: string, from: OrderRow['status'][], set: Partial<typeof orders.$inferInsert>): Promise<OrderRow | undefined> =>
    (await db.update(orders).set({ ...set, updatedAt: new Date() }).where(and(eq(orders.id, id), inArray(orders.status, from))).returning())[0],
};
