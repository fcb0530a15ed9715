import { imbDigitsProblem, isEncodedImb } from '@mailcraft/shared/designs';
import {
  ADDRESS_CHECK_MAX_ISSUES, ADDRESS_ISSUE_KINDS,
  type AddressFixAction, type TAddressCheck, type TAddressCheckCounts, type TAddressFixResult, type TAddressIssue,
} from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import type { Principal } from '../../platform/principal.js';
import { getOwnedListWithMappings } from '../column-mappings/column-mappings.service.js';
import { editedRecordBatches, findEditedRecords, recordEdits } from '../mailing-lists/mailing-lists.service.js';
import { overflowingLines, recipientKey } from './address-lines.js';
import { ADDRESS_LINE_MAX } from './address-rules.js';
import type { AddressVerifier } from './address-verifier.js';
import { mayOverflow, overridesOf, recipientName, recordReader, type MappedList, type ReadRecord } from './record-reader.js';


/**
 * Why a record's Intelligent Mail barcode would not print (issue 12: invalid values are reported
 * at mapping, never printed wrong): an `encodedimbno` that is not 65 letters F/A/D/T, else an
 * `imbno` that is neither encoded nor 20 + 0/5/9/11 digits with a barcode id's second digit 0–4
 * (USPS-B-3200), as the `imb` element prints them.
 * Null when the record has neither or a valid one.
 */
function imbProblem(parts: Record<string, string>): { field: string; message: string } | null {
  if (parts.encodedimbno) {
    return isEncodedImb(parts.encodedimbno) ? null : { field: 'encodedimbno', message: 'The encoded IMb must be 65 letters F, A, D or T; this barcode would not print' };
  }
  if (!parts.imbno || isEncodedImb(parts.imbno)) return null; // print takes an encoded value in either column
  const problem = imbDigitsProblem(parts.imbno);
  return problem ? { field: 'imbno', message: `${problem}; this barcode would not print` } : null;
}
/** Records read per query and verified per `verify` call. */
const CHECK_BATCH = 5000;
/** Issues kept in memory for paging; past it the counts still cover every record. */
const KEEP_ISSUES = 50_000;

/** Tallies issues into the counts and keeps them (up to KEEP_ISSUES) for the page answered. */
class IssueTally {
  readonly counts: TAddressCheckCounts = { records: 0, withIssues: 0, byCode: {}, excluded: 0, fixed: 0 };
  readonly kept: TAddressIssue[] = [];
  total = 0;
  private readonly flagged = new Set<string>();

  add(issue: TAddressIssue): void {
    this.total += 1;
    if (!issue.excluded) {
      this.counts.byCode[issue.code] = (this.counts.byCode[issue.code] ?? 0) + 1;
      if (issue.severity !== 'info') this.flagged.add(issue.recordId);
    }
    if (this.kept.length < KEEP_ISSUES) this.kept.push(issue);
  }

  report(verifier: AddressVerifier, page: number, limit: number): TAddressCheck {
    this.counts.withIssues = this.flagged.size;
    this.kept.sort((a, b) => a.record - b.record);
    const from = (page - 1) * limit;
    return {
      checked: new Date().toISOString(), verifier: verifier.name, counts: this.counts, totalIssues: this.total, page, limit,
      issues: this.kept.slice(from, from + limit), truncated: from + limit < this.total,
    };
  }
}

/**
 * The address check of a whole list (issue 12): every record (accepted fixes applied) through
 * `verifier` in batches, plus duplicates (same `recipientKey`, grouped under the first record)
 * and address-block lines over ADDRESS_LINE_MAX characters as printed. Excluded records are
 * checked and listed (`excluded: true`) but counted only in `counts.excluded`. Answers the issues
 * of page `page` (`limit` each, list order) and counts over every record.
 */
async function runCheck(db: Db, verifier: AddressVerifier, src: MappedList, page: number, limit: number): Promise<TAddressCheck> {
  const reader = recordReader(src);
  const tally = new IssueTally();
  const firstOf = new Map<string, { id: string; record: number; name: string; reported: boolean }>();
  // The next batch is read while this one is checked (on PostgreSQL the read runs in the server).
  const batches = editedRecordBatches(db, src.list, CHECK_BATCH);
  for (let next = batches.next(), read = await next; !read.done; read = await next) {
    next = batches.next();
    const batch = new Map<string, ReadRecord>();
    const names = new Map<string, string>();
    // The printed name, read only for records with an issue.
    const nameOf = (r: ReadRecord) => {
      let name = names.get(r.record.id);
      if (name === undefined) {
        const printed = reader.printed(r.record);
        names.set(r.record.id, (name = printed.full_name || printed.company_name || ''));
      }
      return name;
    };
    const issueOf = (r: ReadRecord) => ({ recordId: r.record.id, record: r.record.rowIndex + 1, name: nameOf(r), excluded: r.record.excluded });
    for (const record of read.value) {
      const r = reader.read(record);
      batch.set(record.id, r);
      tally.counts.records += 1;
      if (record.excluded) tally.counts.excluded += 1;
      for (const _ in record.overrides) { tally.counts.fixed += 1; break; }
      if (mayOverflow(r)) {
        for (const line of overflowingLines(reader.printed(record))) {
          tally.add({ ...issueOf(r), field: line.field, code: 'line_overflow', severity: 'warning', message: `This line is ${line.length} characters; the address block holds ${ADDRESS_LINE_MAX}` });
        }
      }
      const imb = imbProblem(r.parts);
      if (imb) tally.add({ ...issueOf(r), field: imb.field, code: 'imb_invalid', severity: 'error', message: imb.message });
      const key = record.excluded ? null : recipientKey(recipientName(r.parts), r.address);
      if (key === null) continue;
      const first = firstOf.get(key);
      if (!first) {
        firstOf.set(key, { id: record.id, record: record.rowIndex + 1, name: recipientName(r.parts), reported: false });
        continue;
      }
      if (!first.reported) {
        // The group's first record is reported once its first duplicate turns up (its name as imported).
        first.reported = true;
        tally.add({
          recordId: first.id, record: first.record, name: first.name, excluded: false,
          field: 'full_name', code: 'duplicate', severity: 'warning', message: 'Same recipient and address as later records', group: first.record,
        });
      }
      tally.add({ ...issueOf(r), field: 'full_name', code: 'duplicate', severity: 'warning', message: `Same recipient and address as record ${first.record}`, group: first.record });
    }
    for (const issue of await verifier.verify([...batch.values()].map((r) => r.address))) {
      const r = batch.get(issue.recordId);
      if (!r) continue;
      const fixes = overridesOf(issue, r, reader.combined);
      tally.add({
        ...issueOf(r), field: issue.field, code: issue.code, severity: ADDRESS_ISSUE_KINDS[issue.code].severity, message: issue.message,
        ...(issue.suggestion !== undefined ? { suggestion: issue.suggestion } : {}), ...(Object.keys(fixes).length ? { fixes } : {}),
      });
    }
  }
  return tally.report(verifier, page, limit);
}

/**
 * GET /api/lists/{id}/address-check (issue 12): `runCheck` of one of the principal's lists with
 * the mappings in force. Errors: NOT_FOUND (404) unless the list is the principal's.
 */
export async function checkListAddresses(
  db: Db, verifier: AddressVerifier, principal: Principal, listId: string, page = 1, limit = ADDRESS_CHECK_MAX_ISSUES,
): Promise<TAddressCheck> {
  return runCheck(db, verifier, await getOwnedListWithMappings(db, principal, listId), page, limit);
}

/** Each record's accepted fixes: the verifier's fixes of its own issues, merged in order. */
async function suggestedOverrides(db: Db, verifier: AddressVerifier, src: MappedList, ids: string[]) {
  const reader = recordReader(src);
  const records = new Map((await findEditedRecords(db, src.list, ids)).map((record) => [record.id, reader.read(record)]));
  const byRecord = new Map<string, Record<string, string>>();
  for (const issue of await verifier.verify([...records.values()].map((r) => r.address))) {
    const r = records.get(issue.recordId);
    if (!r) continue;
    const fixes = overridesOf(issue, r, reader.combined);
    if (Object.keys(fixes).length) byRecord.set(issue.recordId, { ...byRecord.get(issue.recordId), ...fixes });
  }
  return [...byRecord].map(([id, overrides]) => ({ id, overrides }));
}

/**
 * POST /api/lists/{id}/address-check/fixes (issue 12): for the list's records among `recordIds`
 * (others ignored), `accept` stores their suggested fixes as overrides (the imported values stay
 * as they were), `exclude` / `include` leave them out of printing or bring them back, `revert`
 * clears their overrides. Answers how many changed, the counts before and the check after.
 * Errors: NOT_FOUND (404) unless the list is the principal's.
 */
export async function applyAddressFixes(
  db: Db, verifier: AddressVerifier, principal: Principal, listId: string, input: { recordIds: string[]; action: AddressFixAction },
): Promise<TAddressFixResult> {
  const src = await getOwnedListWithMappings(db, principal, listId);
  const before = (await runCheck(db, verifier, src, 1, 1)).counts;
  const ids = [...new Set(input.recordIds)];
  let changed: number;
  switch (input.action) {
    case 'accept': changed = await recordEdits.merge(db, src.list, await suggestedOverrides(db, verifier, src, ids)); break;
    case 'exclude': changed = await recordEdits.exclude(db, src.list, ids); break;
    case 'include': changed = await recordEdits.include(db, src.list, ids); break;
    case 'revert': changed = await recordEdits.clear(db, src.list, ids); break;
  }
  return { changed, before, report: await runCheck(db, verifier, src, 1, ADDRESS_CHECK_MAX_ISSUES) };
}
