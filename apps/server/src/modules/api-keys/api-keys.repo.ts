import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedPerDb } from '../../db/prepared.js';
import { apiKeys, apiRateWindows, users } from '../../db/schema/index.js';
import { isUuid } from '../../platform/ids.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/**
 * The statements every public API call runs, prepared once per database (planned once per
 * connection instead of on every call; issue 10's recipient-search benchmark).
 */
const prepared = preparedPerDb((db) => ({
    byHash: db.select({ key: apiKeys, ownerIsAdmin: users.isAdmin, ownerDisabled: sql<boolean>`${users.disabledAt} is not null` }).from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId)).where(eq(apiKeys.keyHash, sql.placeholder('keyHash'))).limit(1)
      .prepare('api_key_by_hash'),
    hit: db.insert(apiRateWindows).values({ keyId: sql.placeholder('keyId'), windowStart: sql`${sql.placeholder('windowStart')}::timestamptz`, count: 1 })
      .onConflictDoUpdate({ target: [apiRateWindows.keyId, apiRateWindows.windowStart], set: { count: sql`${apiRateWindows.count} + 1` } })
      .returning({ count: apiRateWindows.count })
      .prepare('api_rate_hit'),
}));

/** Database access for API keys and their rate windows; reads are scoped to the owner by the caller. */
export const apiKeysRepo = {
  list: async (db: Db, userId: string): Promise<ApiKeyRow[]> =>
    db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt)),

  owned: async (db: Db, userId: string, id: string): Promise<ApiKeyRow | undefined> => {
    if (!isUuid(id)) return undefined;
    return (await db.select().from(apiKeys).where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId))).limit(1))[0];
  },

  create: async (db: Db, values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> => (await db.insert(apiKeys).values(values).returning())[0],

  update: async (db: Db, id: string, set: Partial<typeof apiKeys.$inferInsert>): Promise<ApiKeyRow> =>
    (await db.update(apiKeys).set(set).where(eq(apiKeys.id, id)).returning())[0],

  delete: async (db: Db, id: string): Promise<void> => {
    await db.delete(apiKeys).where(eq(apiKeys.id, id));
  },

  /** The key with this hash and whether its owner is an admin (for /debug/user); a prepared statement (every API call runs it). */
  byHash: async (db: Db, keyHash: string): Promise<(ApiKeyRow & { ownerIsAdmin: boolean; ownerDisabled: boolean }) | undefined> => {
    const row = (await prepared(db).byHash.execute({ keyHash }))[0];
    return row ? { ...row.key, ownerIsAdmin: row.ownerIsAdmin, ownerDisabled: row.ownerDisabled } : undefined;
  },

  /** Stamps the key's last use, at most once a minute (one write per key per minute, not per request). */
  touch: async (db: Db, id: string): Promise<void> => {
    await db.update(apiKeys).set({ lastUsedAt: new Date() })
      .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(Date.now() - 60_000)))));
  },

  /** Counts one request in the key's window starting at `windowStart`; answers the window's count so far (atomic upsert). */
  hit: async (db: Db, keyId: string, windowStart: Date): Promise<number> => {
    const [row] = await prepared(db).hit.execute({ keyId, windowStart: windowStart.toISOString() });
    return row.count;
  },

  /** Deletes rate windows that ended before `before`, first adding their counts to each user's monthly API usage (api_usage). */
  purgeWindows: async (db: Db, before: Date): Promise<void> => {
    const cutoff = before.toISOString();
    await db.transaction(async (tx) => {
      // Billing counts API calls per user and month (issue 11): keep the windows' counts before they go.
      await tx.execute(sql`INSERT INTO api_usage (user_id, month, calls)
        SELECT k.user_id, to_char(w.window_start AT TIME ZONE 'UTC', 'YYYY-MM'), sum(w.count)::int
        FROM api_rate_windows w JOIN api_keys k ON k.id = w.key_id WHERE w.window_start < ${cutoff}::timestamptz GROUP BY 1, 2
        ON CONFLICT (user_id, month) DO UPDATE SET calls = api_usage.calls + EXCLUDED.calls`);
      await tx.delete(apiRateWindows).where(lt(apiRateWindows.windowStart, before));
    });
  },
};
