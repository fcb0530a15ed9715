import { z } from 'zod';
import { defineJob } from '../../jobs/job.js';
import type { Db } from '../../db/client.js';
import { mailingListsRepo } from './mailing-lists.repo.js';

/** Records brought into the search index per statement: short enough not to hold up other queries on PGlite (~50 ms). */
const INDEX_BATCH = 1000;
/** Lists one sweep takes on. */
const SWEEP_LISTS = 20;

async function indexList(db: Db, listId: string): Promise<number> {
  let total = 0;
  for (let n = -1; n !== 0; total += n) n = await mailingListsRepo.indexSearchBatch(db, listId, INDEX_BATCH);
  return total;
}

/**
 * 'lists.index-search' `{ listId? }`: brings a list's records into the recipient search index
 * (issue 10; migration 0015) in batches of INDEX_BATCH after an upload, so the upload itself does no
 * index work, then refreshes the planner's statistics. Without `listId` (the sweep, every 5
 * minutes) it takes the lists not yet search-ready — API imports append records outside the index.
 * Until a list is ready, its searches read every record (correct, slower).
 */
export const indexListSearchJob = defineJob({
  id: 'lists.index-search',
  payload: z.object({ listId: z.uuid().optional().describe('The list; every list not yet indexed when absent') }),
  handler: async (p, ctx) => {
    const lists = p.listId ? [p.listId] : await mailingListsRepo.listsToIndex(ctx.db, SWEEP_LISTS);
    let indexed = 0;
    for (const id of lists) indexed += await indexList(ctx.db, id);
    if (indexed > 0) await mailingListsRepo.analyzeRecords(ctx.db);
  },
  retry: { limit: 2, delaySeconds: 30, backoff: true },
  expireInSeconds: 900,
});
