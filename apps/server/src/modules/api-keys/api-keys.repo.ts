import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedPerDb } from '../../db/prepared.js';
import { apiKeyFailures, apiKeys, apiRateWindows, users } from '../../db/schema/index.js';
import { isUuid } from '../../platform/ids.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/**
 * The statements every public API call runs, prepared once per database (planned once per
 * connection instead of on every call; docs/requirements/print-on-demand-api.md#print-on-demand-api's recipient-search benchmark).
 */
const prepared = preparedPerDb((db) => ({
    byHash: db.select({ key: apiKeys, ownerIsAdmin: users.isAdmin, ownerDisabled: sql<boolean>`${users.disabledAt} is not null` }).from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId)).where(eq(apiKeys.keyHash, sql.placeholder('keyHash'))).limit(1)
      .prepare('api_key_by_hash'),
    hit: db.insert(apiRateWindows).values({ keyId: sql.placeholder('keyId'), windowStart: sql`${sql.placeholder('windowStart')}::timestamptz`, count: 1 })
      .onConflictDoUpdate({ target: [apiRateWindows.keyId, apiRateWindows.windowStart], set: { count: sql`${apiRateWindows.count} + 1` } })
      .returning({ count: apiRateWindows.count })
      .prepare('api_rate_hit'),
    failures: db.select({ count: apiKeyFailures.count, windowStart: apiKeyFailures.windowStart }).from(apiKeyFailures)
      .where(and(eq(apiKeyFailures.client, sql.placeholder('client')), gt(apiKeyFailures.windowStart, sql`${sql.placeholder('since')}::timestamptz`)))
      .prepare('api_key_failures_of'),
}));

/** A client's wrong keys in its current window, and when that window started. */
export type KeyFailures = { count: number; windowStart: Date };

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

  /** The wrong keys `client` sent in a window that started after `since`, or undefined (a prepared statement: every API call runs it). */
  failures: async (db: Db, client: string, since: Date): Promise<KeyFailures | undefined> =>
    (await prepared(db).failures.execute({ client, since: since.toISOString() }))[0],

  /**
   * Counts one wrong key of `client` and answers its window's count and start, in one atomic
   * upsert, so parallel guesses each get their own number; a window that started at or before
   * `since` starts again at 1, now.
   */
  countFailure: async (db: Db, client: string, since: Date, now = new Date()): Promise<KeyFailures> => {
    const restart = sql`${apiKeyFailures.windowStart} <= ${since.toISOString()}::timestamptz`;
    const [row] = await db.insert(apiKeyFailures).values({ client, count: 1, windowStart: now })
      .onConflictDoUpdate({
        target: apiKeyFailures.client,
        set: {
          count: sql`CASE WHEN ${restart} THEN 1 ELSE ${apiKeyFailures.count} + 1 END`,
          windowStart: sql`CASE WHEN ${restart} THEN excluded.window_start ELSE ${apiKeyFailures.windowStart} END`,
        },
      })
      .returning({ count: apiKeyFailures.count, windowStart: apiKeyFailures.windowStart });
    return row;
  },

  /** Deletes the wrong-key windows that started before `before`. */
  purgeFailures: async (db: Db, before: Date): Promise<void> => {
    await db.delete(apiKeyFailures).where(lt(apiKeyFailures.windowStart, before));
  },

  /** Deletes rate windows that ended before `before`, first adding their counts to each user's monthly API usage (api_usage). */
  purgeWindows: async (db: Db, before: Date): Promise<void> => {
    const cutoff = before.toISOString();
    await db.transaction(async (tx) => {
      // Billing counts API calls per user and month (docs/requirements/administration.md#administration): keep the windows' counts before they go.
      await tx.execute(sql`INSERT INTO api_usage (user_id, month, calls)
        SELECT k.user_id, to_char(w.window_start AT TIME ZONE 'UTC', 'YYYY-MM'), sum(w.count)::int
        FROM api_rate_windows w JOIN api_keys k ON k.id = w.key_id WHERE w.window_start < ${cutoff}::timestamptz GROUP BY 1, 2
        ON CONFLICT (user_id, month) DO UPDATE SET calls = api_usage.calls + EXCLUDED.calls`);
      await tx.delete(apiRateWindows).where(lt(apiRateWindows.windowStart, before));
    });
  },
};
