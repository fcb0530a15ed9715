import {
  DEFAULT_QR_STYLE, effectiveMappings, QR_MESSAGES, QR_PREVIEW_MAX_RECORDS, toVariableMapping, type TDataPreview, type TQrConfig,
  type TQrConfigRecord, type TQrStyle,
} from '@mailcraft/shared';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.js';
import { cacheGeneration, invalidate, onInvalidate } from '../../platform/cache-invalidation.js';
import type { AppContext } from '../../platform/context.js';
import type { Principal } from '../../platform/principal.js';
import { getListMappings } from '../column-mappings/column-mappings.service.js';
import { getOwnedList, recordBatches } from '../mailing-lists/mailing-lists.service.js';
import { requireFeature } from '../subscriptions/subscriptions.service.js';
import { recordFields } from './destination.js';
import { qrCodesRepo, type ListLinkContext, type QrConfigRow } from './qr-codes.repo.js';

export type { ListLinkContext };
export { destinationOf, recordFields } from './destination.js';
export { SHORT_CODE_PATTERN } from './short-codes.js';

const present = (row: QrConfigRow): TQrConfigRecord => ({
  id: row.id,
  list_id: row.listId,
  base_url: row.baseUrl,
  variable_mapping: row.variableMapping,
  style: { ...DEFAULT_QR_STYLE, ...row.style },
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** A record's short link: `{PUBLIC_URL}/{code}` (docs/requirements/scans-and-analytics.md#scan-recording). */
export const shortUrl = (publicUrl: string, code: string): string => `${publicUrl.replace(/\/+$/, '')}/${code}`;

/**
 * GET /api/qr/list/{listId} (docs/requirements/maps.md#api): the list's configuration as an array — empty before
 * the first save. Errors: NOT_FOUND (404) unless the list is the principal's.
 */
export async function getQrConfigs(ctx: AppContext, principal: Principal, listId: string): Promise<TQrConfigRecord[]> {
  const list = await getOwnedList(ctx.db, principal, listId);
  const row = await qrCodesRepo.findConfig(ctx.db, list.id);
  return row ? [present(row)] : [];
}

/**
 * POST /api/qr/config `{ listId, config }` (docs/requirements/notifications.md#rules): saves the list's configuration (already validated by
 * the shared ZQrConfigSchema: parameter names, reserved names, duplicates, URL, style) and gives
 * every record its short link; the next scan in any process redirects by it (`list-context`
 * invalidated). Errors: NOT_FOUND (404) for another user's list; PAYMENT_REQUIRED
 * (402) 'You need to upgrade your plan to save QR code configurations' without `qr_codes` (docs/requirements/plans-and-billing.md#plan-gating).
 */
export async function saveQrConfig(ctx: AppContext, principal: Principal, input: { listId: string; config: TQrConfig }): Promise<TQrConfigRecord> {
  const { db } = ctx;
  const { config } = input;
  const list = await getOwnedList(db, principal, input.listId);
  await requireFeature(db, principal, 'qr_codes', QR_MESSAGES.upgrade);
  const row = await qrCodesRepo.upsertConfig(db, {
    listId: list.id, userId: principal.userId, baseUrl: config.baseUrl, variableMapping: toVariableMapping(config), style: config.style,
  });
  await invalidate(ctx, 'list-context', list.id);
  await qrCodesRepo.ensureLinks(db, list.id);
  return present(row);
}

/**
 * GET /api/data-preview/list/{listId}?page&limit → `dataPreview(ctx, principal, { listId, page, limit })` (docs/requirements/qr-codes.md#rules): the first 25 records only,
 * `limit` per page, each with its short link and mapped fields. Errors: NOT_FOUND (404).
 */
export async function dataPreview(ctx: AppContext, principal: Principal, page: { listId: string; page: number; limit: number }): Promise<TDataPreview> {
  const list = await getOwnedList(ctx.db, principal, page.listId);
  const total = Math.min(list.rowCount, QR_PREVIEW_MAX_RECORDS);
  const offset = (page.page - 1) * page.limit;
  const take = Math.max(0, Math.min(page.limit, total - offset));
  const { mappings, fieldSettings } = await getListMappings(ctx, principal, list.id);
  let records: Array<{ id: string; values: string[] }> = [];
  if (take > 0) {
    for await (const batch of recordBatches(ctx.db, list, offset + take, offset + take)) records = batch.slice(offset);
  }
  // Only the previewed records: a 250,000-record list is linked when saved or printed, not here.
  await qrCodesRepo.ensureLinks(ctx.db, list.id, records.map((r) => r.id));
  const codes = await qrCodesRepo.codesFor(ctx.db, list.id, records.map((r) => r.id));
  return {
    headers: list.headers,
    rows: records.map((r) => list.headers.map((_h, i) => r.values[i] ?? '')),
    records: records.map((r) => ({
      record_id: r.id,
      short_url: shortUrl(ctx.config.publicUrl, codes.get(r.id) ?? ''),
      fields: recordFields({ recordId: r.id, headers: list.headers, values: r.values, mappings, fieldSettings }),
    })),
    total,
    page: page.page,
    limit: page.limit,
  };
}

/** The list's QR style for printing: the saved one, or null before the first save. */
export async function listQrStyle(db: Db, listId: string): Promise<TQrStyle | null> {
  const row = await qrCodesRepo.findConfig(db, listId);
  return row ? { ...DEFAULT_QR_STYLE, ...row.style } : null;
}

/** Gives every record of the list its short link (print, preview). Returns how many were created. */
export const ensureShortLinks = (db: Db, listId: string): Promise<number> => qrCodesRepo.ensureLinks(db, listId);

/** The record's short link URL, made now if it has none yet (one order: only this record is linked). */
export async function ensureShortLinkFor(ctx: Pick<AppContext, 'db' | 'config'>, listId: string, recordId: string): Promise<string> {
  await qrCodesRepo.ensureLinks(ctx.db, listId, [recordId]);
  return (await shortLinksFor(ctx, listId, [recordId])).get(recordId) ?? '';
}

/** Record id → short link URL for records of one list (links ensured beforehand). */
export async function shortLinksFor(ctx: Pick<AppContext, 'db' | 'config'>, listId: string, recordIds: string[]): Promise<Map<string, string>> {
  const codes = await qrCodesRepo.codesFor(ctx.db, listId, recordIds);
  return new Map([...codes].map(([id, code]) => [id, shortUrl(ctx.config.publicUrl, code)]));
}

/**
 * How long (ms) a list's scan context is kept at most. Changes reach the cache through
 * invalidation, at once in every process; this only bounds an entry whose notification was lost.
 */
export const LIST_CONTEXT_TTL_MS = 30_000;

/**
 * Each list's scan context (name, headers, mappings in force, QR configuration) by list id, cached
 * per process: a burst of scans of one list reads it once (the redirect is the scan hot path).
 * Kept fresh across processes (docs/architecture.md#caches-across-processes): every writer of what
 * it holds publishes `list-context` with the list id once its change has committed — the QR
 * configuration (`saveQrConfig`), the column mappings (`saveListMappings`), the list's name and
 * its deletion (`renameList`, `deleteList`) — and every process drops that entry; all entries go
 * when the process's listener reconnects. A new writer of these columns must publish too. At most
 * 1,000 lists, least recently used dropped first, each at most LIST_CONTEXT_TTL_MS old.
 */
const listContextCache = new LRUCache<string, ListLinkContext>({ max: 1000, ttl: LIST_CONTEXT_TTL_MS });
onInvalidate('list-context', (listId) => {
  if (listId) listContextCache.delete(listId);
  else listContextCache.clear();
});

/** For the scans module: the scan context of each list, by list id (cached, see above). */
export async function listContextsForScan(db: Db, listIds: string[]): Promise<Map<string, ListLinkContext>> {
  const lists = new Map<string, ListLinkContext>();
  const missing: string[] = [];
  for (const listId of new Set(listIds)) {
    const hit = listContextCache.get(listId);
    if (hit) lists.set(listId, hit);
    else missing.push(listId);
  }
  if (missing.length) {
    // A change committed while this read runs may have been read or not: what it read is then used once, not kept.
    const generation = cacheGeneration('list-context');
    for (const row of await qrCodesRepo.listContexts(db, missing)) {
      // The mappings in force (auto-mapped until saved), worked out once per list, not per scan.
      const saved = row.mappings ? { mappings: row.mappings, fieldSettings: row.fieldSettings ?? {} } : null;
      const { mappings, fieldSettings } = effectiveMappings(row.headers, saved);
      const value = { ...row, mappings, fieldSettings };
      lists.set(value.listId, value);
      if (cacheGeneration('list-context') === generation) listContextCache.set(value.listId, value);
    }
  }
  return lists;
}
