import { createHash } from 'node:crypto';
import { imbDigitsProblem, isEncodedImb } from '@mailcraft/shared/designs';
import {
  ADDRESS_CHECK_MAX_ISSUES, ADDRESS_IGNORE_NEEDS_CODES, ADDRESS_ISSUE_KINDS,
  type AddressFixAction, type AddressIssueCode, type TAddressCheck, type TAddressCheckCounts, type TAddressFixResult, type TAddressIssue,
} from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';
import { WorkSlots } from '../../platform/work-slots.js';
import { getOwnedListWithMappings } from '../column-mappings/column-mappings.service.js';
import { editedRecordBatches, findEditedRecords, recordEdits } from '../mailing-lists/mailing-lists.service.js';
import { overflowingLines, recipientKey } from './address-lines.js';
import { ADDRESS_LINE_MAX } from './address-rules.js';
import type { AddressVerifier } from './address-verifier.js';
import { CheckCache } from './check-cache.js';
import { mayOverflow, overridesOf, recipientName, recordReader, type MappedList, type ReadRecord } from './record-reader.js';
import type { AppContext } from '../../platform/context.js';
import { invalidate, onInvalidate } from '../../platform/cache-invalidation.js';
import { refreshPlannerStatistics } from '../../db/planner-statistics.js';


/**
 * Why a record's Intelligent Mail barcode would not print (docs/requirements/print.md#print: invalid values are reported
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
/** Records read per query (one JSON text, see `editedRecordBatches`) and verified per `verify` call. */
const CHECK_BATCH = 5_000;
/** Records changed at once from which the planner's statistics are refreshed. */
const BULK_EDIT_ROWS = 1_000;
/**
 * Records checked between two turns of the event loop: a list's check runs on the HTTP thread in
 * slices of a few milliseconds, so other requests are answered while it runs.
 */
const CHECK_SLICE = 500;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Open issues kept in memory for paging; past it the counts still cover every record. */
const KEEP_ISSUES = 50_000;
/** Ignored issues kept for listing ('Show N ignored'); past it the counts still cover every record. */
const KEEP_IGNORED = 10_000;

/**
 * A whole list's check as the cache keeps it (docs/requirements/print.md#print): the counts, the open issues (not ignored)
 * and every issue (ignored ones marked `ignored: true`), each in list order (at most KEEP_ISSUES
 * open and KEEP_IGNORED ignored ones), how many open issues there are in all, and how many are kept.
 */
type FullCheck = {
  checked: string; verifier: string; counts: TAddressCheckCounts;
  open: TAddressIssue[]; all: TAddressIssue[]; openTotal: number; kept: number;
};

/** Tallies issues into the counts and keeps them (up to KEEP_ISSUES open and KEEP_IGNORED ignored) for paging. */
class IssueTally {
  readonly counts: TAddressCheckCounts = { records: 0, withIssues: 0, byCode: {}, excluded: 0, fixed: 0, ignored: 0 };
  private readonly open: TAddressIssue[] = [];
  private readonly ignored: TAddressIssue[] = [];
  private openTotal = 0;
  private readonly flagged = new Set<string>();

  /** Counts `issue`: as ignored when its code is among the record's `ignoredCodes`, else as open. */
  add(issue: TAddressIssue, ignoredCodes: readonly string[]): void {
    if (ignoredCodes.length > 0 && ignoredCodes.includes(issue.code)) {
      this.counts.ignored += 1;
      if (this.ignored.length < KEEP_IGNORED) this.ignored.push({ ...issue, ignored: true });
      return;
    }
    this.openTotal += 1;
    if (!issue.excluded) {
      this.counts.byCode[issue.code] = (this.counts.byCode[issue.code] ?? 0) + 1;
      if (issue.severity !== 'info') this.flagged.add(issue.recordId);
    }
    if (this.open.length < KEEP_ISSUES) this.open.push(issue);
  }

  result(verifier: AddressVerifier): FullCheck {
    this.counts.withIssues = this.flagged.size;
    const byRecord = (a: TAddressIssue, b: TAddressIssue) => a.record - b.record;
    this.open.sort(byRecord);
    const all = this.ignored.length > 0 ? [...this.open, ...this.ignored].sort(byRecord) : this.open;
    return {
      checked: new Date().toISOString(), verifier: verifier.name, counts: this.counts,
      open: this.open, all, openTotal: this.openTotal, kept: this.open.length + this.ignored.length,
    };
  }
}

/**
 * Page `page` (`limit` issues each, list order) of a full check: the open issues, or with
 * `showIgnored` every issue, the ignored ones marked. The counts are the whole list's either way.
 */
function pageOf(full: FullCheck, page: number, limit: number, showIgnored: boolean): TAddressCheck {
  const issues = showIgnored ? full.all : full.open;
  const total = showIgnored ? full.openTotal + full.counts.ignored : full.openTotal;
  const from = (page - 1) * limit;
  return {
    checked: full.checked, verifier: full.verifier, counts: full.counts, totalIssues: total, page, limit,
    issues: issues.slice(from, from + limit), truncated: from + limit < total,
  };
}

/**
 * The address check of a whole list (docs/requirements/print.md#print): every record (accepted fixes applied) through
 * `verifier` in batches, plus duplicates (same `recipientKey`, grouped under the first record)
 * and address-block lines over ADDRESS_LINE_MAX characters as printed. Excluded records are
 * checked and listed (`excluded: true`) but counted only in `counts.excluded`; issues whose code
 * the user ignored for the record are counted only in `counts.ignored`. Answers every issue kept
 * and the counts over every record (~2.5 s for 100,000 records: callers go through `fullCheck`).
 */
async function runCheck(db: Db, verifier: AddressVerifier, src: MappedList): Promise<FullCheck> {
  const reader = recordReader(src);
  const tally = new IssueTally();
  const firstOf = new Map<string, { id: string; record: number; name: string; ignored: string[]; reported: boolean }>();
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
    let sliced = 0;
    for (const record of read.value) {
      if (++sliced % CHECK_SLICE === 0) await nextTurn();
      const r = reader.read(record);
      batch.set(record.id, r);
      tally.counts.records += 1;
      if (record.excluded) tally.counts.excluded += 1;
      for (const _ in record.overrides) { tally.counts.fixed += 1; break; }
      if (mayOverflow(r)) {
        for (const line of overflowingLines(reader.printed(record))) {
          tally.add({ ...issueOf(r), field: line.field, code: 'line_overflow', severity: 'warning', message: `This line is ${line.length} characters; the address block holds ${ADDRESS_LINE_MAX}` }, record.ignoredIssues);
        }
      }
      const imb = imbProblem(r.parts);
      if (imb) tally.add({ ...issueOf(r), field: imb.field, code: 'imb_invalid', severity: 'error', message: imb.message }, record.ignoredIssues);
      const key = record.excluded ? null : recipientKey(recipientName(r.parts), r.address);
      if (key === null) continue;
      const first = firstOf.get(key);
      if (!first) {
        firstOf.set(key, { id: record.id, record: record.rowIndex + 1, name: recipientName(r.parts), ignored: record.ignoredIssues, reported: false });
        continue;
      }
      if (!first.reported) {
        // The group's first record is reported once its first duplicate turns up (its name as imported).
        first.reported = true;
        tally.add({
          recordId: first.id, record: first.record, name: first.name, excluded: false,
          field: 'full_name', code: 'duplicate', severity: 'warning', message: 'Same recipient and address as later records', group: first.record,
        }, first.ignored);
      }
      tally.add({ ...issueOf(r), field: 'full_name', code: 'duplicate', severity: 'warning', message: `Same recipient and address as record ${first.record}`, group: first.record }, record.ignoredIssues);
    }
    for (const issue of await verifier.verify([...batch.values()].map((r) => r.address))) {
      const r = batch.get(issue.recordId);
      if (!r) continue;
      const fixes = overridesOf(issue, r, reader.combined);
      tally.add({
        ...issueOf(r), field: issue.field, code: issue.code, severity: ADDRESS_ISSUE_KINDS[issue.code].severity, message: issue.message,
        ...(issue.suggestion !== undefined ? { suggestion: issue.suggestion } : {}), ...(Object.keys(fixes).length ? { fixes } : {}),
      }, r.record.ignoredIssues);
    }
  }
  return tally.result(verifier);
}

/**
 * The last full check of each list in this process: 20 lists, 10 minutes, and 60,000 issues kept
 * in all (an issue takes about 700 bytes: ~40 MB at most; one list keeps at most that many).
 * Across processes (docs/architecture.md#caches-across-processes): what the check depends on in
 * rows other than the records' edits is in its key (`fingerprint`), read from the database on
 * every request; the edits (`applyAddressFixes`) publish `address-check` with the list id, so
 * every process drops that list's check (every list's when its listener reconnects).
 */
const checks = new CheckCache<FullCheck>({ maxLists: 20, maxAgeMs: 10 * 60_000, maxSize: KEEP_ISSUES + KEEP_IGNORED, sizeOf: (c) => c.kept });
onInvalidate('address-check', (listId) => {
  if (listId) checks.invalidate(listId);
  else checks.clear();
});
/** Full checks computing at once, across every process sharing the database: 2 per user, 4 in all; past that a check waits up to 60 s, then 429. */
const checkSlots = new WorkSlots({
  kind: 'address-check', total: 4, perUser: 2, waitMs: 60_000, busyMessage: 'Too many address checks at once: try again in a moment',
});

/**
 * What the check's answer depends on besides the records' edits (which invalidate the cache
 * themselves): the verifier, the list as imported (id in the cache key; created time, row count
 * — appended records change it —, headers) and the mappings in force with their field settings
 * (a re-mapping changes them). A SHA-256 of them, so the cache holds no headers.
 */
function fingerprint(src: MappedList, verifier: AddressVerifier): string {
  const { list } = src;
  return createHash('sha256')
    .update(JSON.stringify([verifier.name, list.createdAt, list.rowCount, list.headers, src.mappings, src.fieldSettings]))
    .digest('base64url');
}

/**
 * The full check of a list read as the principal's (docs/requirements/address-checks.md#check-cache): the cached one
 * when its fingerprint still matches, else the check running for it, else `runCheck` — one at a
 * time per list, within the principal's check slots. Errors: RATE_LIMITED (429) when the slots stay busy.
 */
function fullCheck(db: Db, verifier: AddressVerifier, principal: Principal, src: MappedList): Promise<FullCheck> {
  return checks.run(src.list.id, fingerprint(src, verifier), () => checkSlots.run(db, principal.userId, () => runCheck(db, verifier, src)));
}

/**
 * GET /api/lists/{id}/address-check (docs/requirements/print.md#print): page `page` (`limit` issues) of the check by `verifier`
 * (the one ADDRESS_VERIFIER chose at start) of the principal's list `id` with the mappings in force — served from the last
 * check while nothing it depends on changed — ignored issues left out unless `ignored` is 'show'.
 * Errors: NOT_FOUND (404) unless the list is the principal's; RATE_LIMITED (429) when too many checks run.
 */
export async function checkListAddresses(
  ctx: AppContext, principal: Principal,
  input: { id: string; verifier: AddressVerifier; page?: number; limit?: number; ignored?: 'show' | 'hide' },
): Promise<TAddressCheck> {
  const { db } = ctx;
  const { verifier, page = 1, limit = ADDRESS_CHECK_MAX_ISSUES } = input;
  const src = await getOwnedListWithMappings(db, principal, input.id);
  return pageOf(await fullCheck(db, verifier, principal, src), page, limit, input.ignored === 'show');
}

/** Each record's accepted fixes: the verifier's fixes of its own issues (not those it ignored), merged in order. */
async function suggestedOverrides(db: Db, verifier: AddressVerifier, src: MappedList, ids: string[]) {
  const reader = recordReader(src);
  const records = new Map((await findEditedRecords(db, src.list, ids)).map((record) => [record.id, reader.read(record)]));
  const byRecord = new Map<string, Record<string, string>>();
  for (const issue of await verifier.verify([...records.values()].map((r) => r.address))) {
    const r = records.get(issue.recordId);
    if (!r || r.record.ignoredIssues.includes(issue.code)) continue;
    const fixes = overridesOf(issue, r, reader.combined);
    if (Object.keys(fixes).length) byRecord.set(issue.recordId, { ...byRecord.get(issue.recordId), ...fixes });
  }
  return [...byRecord].map(([id, overrides]) => ({ id, overrides }));
}

/** Known issue codes among `codes`, each once (what a record may store as ignored). */
const knownCodes = (codes: readonly string[]) => [...new Set(codes)].filter((c): c is AddressIssueCode => Object.hasOwn(ADDRESS_ISSUE_KINDS, c));

/**
 * POST /api/lists/{id}/address-check/fixes (docs/requirements/print.md#print): for list `id`'s records among `recordIds`
 * (others ignored), `accept` stores their suggested fixes as overrides (the imported values stay
 * as they were; fixes of ignored issues left out), `exclude` / `include` leave them out of
 * printing or bring them back, `revert` clears their overrides, `ignore` stores `codes` as issues
 * not to report again for them, `unignore` reports `codes` again (every ignored issue without
 * `codes`). Answers how many records changed, the counts before (the cached check when there is
 * one) and the check after by `verifier` (first page, ignored issues left out); a change drops the cached check
 * in every process (`address-check` invalidated).
 * Errors: NOT_FOUND (404) unless the list is the principal's; VALIDATION (400) `ignore` without
 * codes; RATE_LIMITED (429) when too many checks run.
 */
export async function applyAddressFixes(
  ctx: AppContext, principal: Principal,
  input: { id: string; verifier: AddressVerifier; recordIds: string[]; action: AddressFixAction; codes?: readonly string[] },
): Promise<TAddressFixResult> {
  const db = ctx.db;
  const { verifier, id: listId } = input;
  const codes = input.codes && knownCodes(input.codes);
  if (input.action === 'ignore' && !codes?.length) throw new AppError('VALIDATION', ADDRESS_IGNORE_NEEDS_CODES);
  const src = await getOwnedListWithMappings(db, principal, listId);
  const before = (await fullCheck(db, verifier, principal, src)).counts;
  const ids = [...new Set(input.recordIds)];
  let changed: number;
  try {
    switch (input.action) {
      case 'accept': changed = await recordEdits.merge(db, src.list, await suggestedOverrides(db, verifier, src, ids)); break;
      case 'exclude': changed = await recordEdits.exclude(db, src.list, ids); break;
      case 'include': changed = await recordEdits.include(db, src.list, ids); break;
      case 'revert': changed = await recordEdits.clear(db, src.list, ids); break;
      case 'ignore': changed = await recordEdits.ignore(db, src.list, ids, codes!); break;
      case 'unignore': changed = await recordEdits.unignore(db, src.list, ids, codes); break;
    }
  } catch (err) {
    await invalidate(ctx, 'address-check', src.list.id);
    throw err;
  }
  // Nothing written: the cached check still holds.
  if (changed > 0) await invalidate(ctx, 'address-check', src.list.id);
  // A bulk edit (Accept all on a big list) changes which records print: fresh statistics for the print's plans.
  if (changed >= BULK_EDIT_ROWS) await refreshPlannerStatistics(ctx.database, ['mailing_list_records']);
  return { changed, before, report: pageOf(await fullCheck(db, verifier, principal, src), 1, ADDRESS_CHECK_MAX_ISSUES, false) };
}
