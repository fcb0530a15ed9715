import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { webhooks } from '../../db/schema/index.js';
import { isUuid } from '../../platform/ids.js';
import type { WebhookRow } from './webhooks.repo.js';

/** An account's order webhooks of one mode: no list, `test` as given. */
const ofAccount = (userId: string, test: boolean) => and(eq(webhooks.userId, userId), isNull(webhooks.mailingListId), eq(webhooks.test, test));

/** Database access for an account's order webhooks (rows of `webhooks` without a list), one mode at a time. */
export const orderWebhooksRepo = {
  /** The user's order webhooks of mode `test`, oldest first. */
  list: async (db: Db, userId: string, test: boolean): Promise<WebhookRow[]> =>
    db.select().from(webhooks).where(ofAccount(userId, test)).orderBy(webhooks.createdAt),

  /** The active ones (an order event's fan-out). */
  active: async (db: Db, userId: string, test: boolean): Promise<WebhookRow[]> =>
    db.select().from(webhooks).where(and(ofAccount(userId, test), eq(webhooks.isActive, true))),

  /** One of them, or undefined (also a list's webhook, another mode's or a malformed id). */
  owned: async (db: Db, userId: string, test: boolean, id: string): Promise<WebhookRow | undefined> => {
    if (!isUuid(id)) return undefined;
    return (await db.select().from(webhooks).where(and(eq(webhooks.id, id), ofAccount(userId, test))).limit(1))[0];
  },

  create: async (db: Db, values: Omit<typeof webhooks.$inferInsert, 'mailingListId' | 'includedFields'>): Promise<WebhookRow> =>
    (await db.insert(webhooks).values({ ...values, mailingListId: null, includedFields: [] }).returning())[0],

  delete: async (db: Db, id: string): Promise<void> => {
    await db.delete(webhooks).where(eq(webhooks.id, id));
  },
};
