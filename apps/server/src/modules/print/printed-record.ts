import { mapRecord, type FieldSettings, type Mappings } from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import { findEditedRecords, type EditedRecordRow, type MailingListRow } from '../mailing-lists/mailing-lists.service.js';

/** A list and the mappings in force for it (shared `effectiveMappings`), as print reads them. */
export type MappedList = { list: Pick<MailingListRow, 'id' | 'headers'>; mappings: Mappings; fieldSettings: FieldSettings };

/** One record as it prints: its id, place in the list (0-based), printed fields, and whether it is left out of printing. */
export type PrintedRecord = { id: string; rowIndex: number; fields: Record<string, string>; excluded: boolean };

/**
 * The fields of a record as its mail piece prints them — the one rule print files, proofs,
 * on-demand orders and the recipient search share: shared `mapRecord` over the list's mappings
 * in force, with the address fixes accepted at the list's address check (`overrides`, standard
 * field → value) over the imported values, which stay as imported.
 */
export function printedFields(src: MappedList, record: Pick<EditedRecordRow, 'values' | 'overrides'>): Record<string, string> {
  return mapRecord(src.list.headers, record.values, src.mappings, src.fieldSettings, record.overrides);
}

/** A record read with its address-check edits as it prints (see `printedFields`); `excluded` records print in no file. */
export const printedRecord = (src: MappedList, record: EditedRecordRow): PrintedRecord =>
  ({ id: record.id, rowIndex: record.rowIndex, fields: printedFields(src, record), excluded: record.excluded });

/**
 * One record of the list as it prints (see `printedRecord`), or undefined when the list has no
 * record `recordId` (also a malformed id). The caller has checked that the list is the principal's.
 */
export async function findPrintedRecord(db: Db, src: MappedList, recordId: string): Promise<PrintedRecord | undefined> {
  const [record] = await findEditedRecords(db, src.list, [recordId]);
  return record ? printedRecord(src, record) : undefined;
}
