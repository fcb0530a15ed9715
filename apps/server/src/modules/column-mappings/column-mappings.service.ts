import { autoMap, CAPITALIZATIONS, keepCapitalization, type Capitalization, type TListMappings, type TMapColumns } from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../platform/errors.js';
import { mailingListsRepo } from '../mailing-lists/mailing-lists.repo.js';
import { columnMappingsRepo } from './column-mappings.repo.js';

const isCapitalization = (mode: string): mode is Capitalization => (CAPITALIZATIONS as readonly string[]).includes(mode);

/**
 * The mappings in force for a list: the saved ones, or else the auto-mapping of its headers
 * (spec 000 §5 auto-matching) with `saved: false`. The caller has checked ownership.
 */
export async function resolveMappings(db: Db, list: { id: string; headers: string[] }): Promise<TListMappings> {
  const row = await columnMappingsRepo.find(db, list.id);
  if (!row) return { mappings: autoMap(list.headers), fieldSettings: { capitalization: {} }, saved: false };
  const stored = Object.entries(row.fieldSettings.capitalization ?? {}).filter(([, mode]) => isCapitalization(mode));
  return {
    mappings: row.mappings,
    fieldSettings: { capitalization: keepCapitalization(row.mappings, Object.fromEntries(stored) as Record<string, Capitalization>) },
    saved: true,
  };
}

/**
 * GET /api/mappings/list/{id} (spec 000 §7): `{ mappings, fieldSettings: { capitalization }, saved }`.
 * Errors: NOT_FOUND (404) when the list is not the user's.
 */
export async function getListMappings(db: Db, userId: string, listId: string): Promise<TListMappings> {
  const list = await mailingListsRepo.findOwned(db, userId, listId);
  if (!list) throw notFound('Mailing list');
  return resolveMappings(db, list);
}

/**
 * POST /api/lists/map-columns (spec 000 §7), input already checked by ZMapColumnsSchema (targets,
 * one column per non-custom field, capitalization of mapped non-USPS fields only). Saves, or
 * replaces, the list's mappings.
 * Errors: NOT_FOUND (404) when `fileId` is not the user's list; VALIDATION (400) naming a column
 * the list does not have.
 */
export async function saveListMappings(db: Db, userId: string, input: TMapColumns): Promise<void> {
  const list = await mailingListsRepo.findOwned(db, userId, input.fileId);
  if (!list) throw notFound('Mailing list');
  const headers = new Set(list.headers);
  const unknown = Object.keys(input.mappings).find((column) => !headers.has(column));
  if (unknown !== undefined) throw new AppError('VALIDATION', `'${unknown}' is not a column of this mailing list`);
  await columnMappingsRepo.upsert(db, list.id, input.mappings, input.fieldSettings);
}
