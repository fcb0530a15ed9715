import { z } from 'zod';
import { defineJob } from '../../jobs/job.js';
import { refreshPlannerStatistics } from '../../db/planner-statistics.js';
import type { AppContext } from '../../platform/context.js';
import { mailingListsRepo } from './mailing-lists.repo.js';

/** Records per statement at first; each next range is sized from the last one's time. */
const INDEX_BATCH_START = 500;
const INDEX_BATCH_MIN = 25;
const INDEX_BATCH_MAX = 2000;
/**
 * Aim per statement (ms): other queries on the embedded database wait behind each one, and a
 * record's trigram work grows with its text (a 256-column row costs ~50× a 10-column one).
 */
const INDEX_STATEMENT_TARGET_MS = 100;
/** Lists one sweep takes on. */
const SWEEP_LISTS = 20;

/** The next range size after a range of `count` records took `ms`: halved when slow, grown when fast. */
export function nextIndexBatch(count: number, ms: number): number {
  const scaled = ms <= 0 ? count * 2 : Math.round(count * Math.min(2, Math.max(0.25, INDEX_STATEMENT_TARGET_MS / ms)));
  return Math.min(INDEX_BATCH_MAX, Math.max(INDEX_BATCH_MIN, scaled));
}

/**
 * Indexes one list by keyset ranges of `row_index` (contiguous per list) from its first to its
 * last unindexed record, then once more for records appended meanwhile; answers how many.
 */
async function indexList(ctx: AppContext, listId: string): Promise<number> {
  let total = 0;
  let size = INDEX_BATCH_START;
  for (let pass = 0; pass < 3; pass++) {
    const span = await mailingListsRepo.unindexedSpan(ctx.db, listId);
    if (!span) break;
    for (let from = span.first; from <= span.last;) {
      const count = size;
      const t0 = performance.now();
      total += await mailingListsRepo.indexSearchRange(ctx.db, listId, from, count);
      // Advance by the range just indexed; the next range takes the new size.
      from += count;
      size = nextIndexBatch(count, performance.now() - t0);
    }
  }
  await mailingListsRepo.markSearchReady(ctx.db, listId);
  return total;
}

/**
 * 'lists.index-search' `{ listId? }`: brings a list's records into the recipient search index
 * (a partial trigram index, see the records table) after an upload, so the upload itself does no
 * index work. Refreshes the planner's statistics first (the import just wrote the records) and
 * after. Without `listId` (the sweep, every 5 minutes) it takes the lists not yet search-ready —
 * API imports append records outside the index. Until a list is ready, its searches read every
 * record (correct, slower).
 */
export const indexListSearchJob = defineJob({
  id: 'lists.index-search',
  payload: z.object({ listId: z.uuid().optional().describe('The list; every list not yet indexed when absent') }),
  handler: async (p, ctx) => {
    const lists = p.listId ? [p.listId] : await mailingListsRepo.listsToIndex(ctx.db, SWEEP_LISTS);
    if (lists.length === 0) return;
    await refreshPlannerStatistics(ctx.database, ['mailing_list_records', 'mailing_lists']);
    let indexed = 0;
    for (const id of lists) indexed += await indexList(ctx, id);
    if (indexed > 0) await refreshPlannerStatistics(ctx.database, ['mailing_list_records']);
  },
  retry: { limit: 2, delaySeconds: 30, backoff: true },
  expireInSeconds: 900,
});
