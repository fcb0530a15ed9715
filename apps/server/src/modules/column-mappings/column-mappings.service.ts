import { effectiveMappings, type TListMappings, type TMapColumns } from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import { invalidate } from '../../platform/cache-invalidation.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';
import { getOwnedList } from '../mailing-lists/mailing-lists.service.js';
import { columnMappingsRepo } from './column-mappings.repo.js';

/**
 * The mappings in force for the principal's list `listId` (shared `effectiveMappings`: the saved
 * ones, or the auto-mapping with `saved: false`), for the mapping screen, the designer and print.
 * Errors: NOT_FOUND (404) when the list is not the principal's.
 */
export async function getListMappings(ctx: AppContext, principal: Principal, listId: string): Promise<TListMappings> {
  const { db } = ctx;
  return mappingsOfList(db, await getOwnedList(db, principal, listId));
}

/**
 * One of the principal's lists and the mappings in force for it, read in one statement (the public
 * API's recipient search, a hot path). Errors: NOT_FOUND (404) when the list is not the principal's.
 */
export async function getOwnedListWithMappings(db: Db, principal: Principal, listId: string) {
  const found = await columnMappingsRepo.ownedListWithMappings(db, principal.userId, listId);
  if (!found) throw notFound('Mailing list');
  return { list: found.list, ...effectiveMappings(found.list.headers, found.mapping ?? undefined) };
}

/** The mappings in force for a list already read as the principal's. */
async function mappingsOfList(db: Db, list: { id: string; headers: string[] }): Promise<TListMappings> {
  return effectiveMappings(list.headers, await columnMappingsRepo.find(db, list.id));
}

/**
 * POST /api/lists/map-columns (docs/requirements/workflow.md#api), input already checked by ZMapColumnsSchema (targets,
 * one column per non-custom field, capitalization of mapped non-USPS fields only). Saves, or
 * replaces, the list's mappings; the next scan in any process maps its fields by them (`list-context`
 * invalidated, docs/architecture.md#caches-across-processes).
 * Errors: NOT_FOUND (404) when `fileId` is not the principal's list; VALIDATION (400) naming a
 * column the list does not have.
 */
export async function saveListMappings(ctx: AppContext, principal: Principal, input: TMapColumns): Promise<void> {
  const { db } = ctx;
  const list = await getOwnedList(db, principal, input.fileId);
  const headers = new Set(list.headers);
  const unknown = Object.keys(input.mappings).find((column) => !headers.has(column));
  if (unknown !== undefined) throw new AppError('VALIDATION', `'${unknown}' is not a column of this mailing list`);
  await columnMappingsRepo.upsert(db, list.id, input.mappings, input.fieldSettings);
  await invalidate(ctx, 'list-context', list.id);
}
