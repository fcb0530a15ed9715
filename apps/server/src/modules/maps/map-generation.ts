import { z } from 'zod';
import { MAP_MESSAGES, ROUTE_MESSAGES, type TGenerateRoutes, type TMapGeneration } from '@mailcraft/shared';
import { defineJob } from '../../jobs/job.js';
import { trackedJob } from '../../jobs/tracked-job.js';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';
import { getOwnedList } from '../mailing-lists/mailing-lists.service.js';
import { requireFeature } from '../subscriptions/subscriptions.service.js';
import { mapProviders } from './map-providers.js';
import { refreshPlannerStatistics } from '../../db/planner-statistics.js';
import { mapRoutesRepo, type MapGenerationRow } from './map-routes.repo.js';
import { drawingHash, drawRoutes, listMapImagesKey, type DrawSettings } from './route-drawing.js';
import { routeScope, routeTarget, settingsOf } from './route-previews.service.js';

/** Records drawn per step of a run; progress and the heartbeat are written after each. */
const BATCH = 100;
/**
 * Steps one job takes before handing the run to a fresh job at the back of the queue, so runs of
 * different users take turns (a 250,000-record list does not hold the queue for 40 minutes).
 */
const STEPS_PER_TURN = 10;
const HEARTBEAT_MS = 5_000;
/** A run silent this long (ms) died with its process and is taken over. */
export const GENERATION_STALE_MS = 20_000;

type GenerationSettings = { projectId: string; locationId: string; force: boolean; drawing: DrawSettings };

const present = (g: MapGenerationRow): TMapGeneration => ({
  id: g.id, list_id: g.listId, status: g.status, total: g.total, done: Math.min(g.done, g.total), failed: g.failed, approximate: g.approximate,
  error: g.error, created_at: g.createdAt.toISOString(), finished_at: g.finishedAt?.toISOString() ?? null,
});

/**
 * POST /api/maps/generate-routes (docs/requirements/notifications.md#rules; docs/requirements/maps.md#generate-all-routes): starts drawing
 * every record's map as the 'maps.generate' job and answers the run (202). A run already queued or
 * running for the list is answered instead of starting another (one per list).
 * Errors: NOT_FOUND (project, list, location); PAYMENT_REQUIRED.
 */
export async function startGeneration(ctx: AppContext, principal: Principal, input: TGenerateRoutes): Promise<TMapGeneration> {
  await requireFeature(ctx.db, principal, 'maps', MAP_MESSAGES.upgrade);
  const target = await routeScope(ctx, principal, { projectId: input.projectId, listId: input.listId, locationId: input.businessLocationId });
  const latest = await mapRoutesRepo.latestGeneration(ctx.db, target.listId);
  const live = latest && (latest.status === 'queued' || (latest.status === 'running' && (latest.heartbeatAt?.getTime() ?? 0) > Date.now() - GENERATION_STALE_MS));
  if (latest && live) return present(latest);
  const list = await getOwnedList(ctx.db, principal, target.listId);
  const settings: GenerationSettings = { projectId: input.projectId, locationId: target.location.id, force: input.forceRegenerate ?? false, drawing: settingsOf(input) };
  const generation = await mapRoutesRepo.createGeneration(ctx.db, {
    userId: principal.userId, projectId: input.projectId, listId: list.id, total: list.rowCount, settings,
  });
  await ctx.queue.send(mapsGenerateJob, { generationId: generation.id });
  return present(generation);
}

/** GET /api/maps/generations/{id}: a run's progress. Errors: NOT_FOUND (another user's). */
export async function getGeneration(ctx: AppContext, principal: Principal, id: string): Promise<TMapGeneration> {
  const row = z.uuid().safeParse(id).success ? await mapRoutesRepo.generation(ctx.db, principal.userId, id) : undefined;
  if (!row) throw notFound('Generation');
  return present(row);
}

/** GET /api/maps/generations/latest?listId: the list's latest run, or null. Errors: NOT_FOUND (list). */
export async function latestGeneration(ctx: AppContext, principal: Principal, listId: string): Promise<TMapGeneration | null> {
  const list = await getOwnedList(ctx.db, principal, listId);
  const row = await mapRoutesRepo.latestGeneration(ctx.db, list.id);
  return row ? present(row) : null;
}

/** Progress of a write that only beats (or finishes the run). */
const NO_PROGRESS = { done: 0, failed: 0, approximate: 0 };

/**
 * The lifecycle of a run (docs/architecture.md#tracked-jobs): claimed by run id, beating every 5 s,
 * taken over after 20 s of silence, requeued at start-up.
 */
const generationRuns = trackedJob({
  heartbeatMs: HEARTBEAT_MS,
  staleMs: GENERATION_STALE_MS,
  claim: mapRoutesRepo.claimGeneration,
  beat: (db, id, runId) => mapRoutesRepo.progress(db, id, runId, NO_PROGRESS),
  staleRuns: mapRoutesRepo.staleGenerations,
  requeue: mapRoutesRepo.requeueGeneration,
  send: (ctx, generationId) => ctx.queue.send(mapsGenerateJob, { generationId }),
});

/**
 * After routes could not be written: when the list was deleted while they were drawn, the images
 * just stored are orphans its purge may have missed (it can run before they were stored), so the
 * list's image folder is removed again (docs/architecture.md#storage) and the run ends NOT_FOUND.
 */
async function dropImagesOfDeletedList(ctx: AppContext, owner: Principal, listId: string): Promise<void> {
  const gone = await getOwnedList(ctx.db, owner, listId).then(() => false, (err: unknown) => err instanceof AppError && err.code === 'NOT_FOUND');
  if (!gone) return;
  await ctx.storage.deletePrefix(listMapImagesKey(listId));
  throw notFound('Mailing list');
}

/**
 * Runs one generation's turn: claims it, then draws the records not written since the run started,
 * 100 at a time in list order (so a run that died resumes where it stopped), adding progress after
 * each batch and beating every 10 s; after 1,000 records it queues itself again (runs take turns). Per-record failures are counted, never stop the run; a run
 * whose list, project or location is gone fails with its reason, and one whose owner's plan no
 * longer has `maps` — checked before every batch — fails with MAP_MESSAGES.upgrade without drawing
 * more (docs/requirements/maps.md#plan-gating).
 */
export async function runGeneration(ctx: AppContext, generationId: string): Promise<void> {
  await generationRuns.run(ctx, generationId, {
    work: async (g, run) => {
      const settings = g.settings as GenerationSettings;
      const owner: Principal = { userId: g.userId, isAdmin: false, via: 'job', scopes: [] };
      await requireFeature(ctx.db, owner, 'maps', MAP_MESSAGES.upgrade);
      const target = await routeTarget(ctx, owner, { projectId: settings.projectId, listId: g.listId, locationId: settings.locationId }, settings.drawing);
      const providers = mapProviders(ctx.config);
      const hash = drawingHash(target);
      // Each turn (1,000 records) starts from fresh statistics of the routes the last turns wrote: on
      // PGlite (no autovacuum) `pending`'s join would otherwise be planned for an empty table.
      await refreshPlannerStatistics(ctx.database, ['map_routes']);
      let afterRow = -1;
      for (let step = 0; ; step++) {
        const batch = await mapRoutesRepo.pending(ctx.db, g.listId, g.createdAt, afterRow, BATCH);
        if (!batch.length) break;
        if (step === STEPS_PER_TURN) {
          // Its turn is over: queued again behind the other runs; it resumes where it stopped.
          await generationRuns.requeue(ctx, g.id);
          return;
        }
        if (step > 0) await requireFeature(ctx.db, owner, 'maps', MAP_MESSAGES.upgrade);
        const drawn = await drawRoutes(ctx, providers, target, batch, { force: settings.force, hash });
        await mapRoutesRepo.upsert(ctx.db, drawn.map((d) => d.row)).catch(async (err: unknown) => {
          await dropImagesOfDeletedList(ctx, owner, g.listId);
          throw err;
        });
        const add = { done: batch.length, failed: drawn.filter((d) => d.failed).length, approximate: drawn.filter((d) => d.approximate).length };
        run.held(await mapRoutesRepo.progress(ctx.db, g.id, run.runId, add));
        afterRow = batch[batch.length - 1].rowIndex;
      }
      // Every record is written: a batch written just before a crash may not have been counted.
      await mapRoutesRepo.progress(ctx.db, g.id, run.runId, NO_PROGRESS, { status: 'done', done: g.total, finishedAt: new Date() });
    },
    failed: async (err, g, run) => {
      // The owner reads a sentence; the detail goes to the log below.
      const message = err instanceof AppError ? err.message : `${ROUTE_MESSAGES.generateAllFailed}: something went wrong on our side. Please try again.`;
      if (!(err instanceof AppError)) console.error(`[maps] generation ${g.id} failed`, err);
      await mapRoutesRepo.progress(ctx.db, g.id, run.runId, NO_PROGRESS, { status: 'failed', error: message, finishedAt: new Date() });
    },
  });
}

/** 'maps.generate' `{ generationId }`: one Generate All Routes run (failures are recorded on the run). */
export const mapsGenerateJob = defineJob({
  id: 'maps.generate',
  payload: z.object({ generationId: z.uuid().describe('The generation run') }),
  handler: (payload, ctx) => runGeneration(ctx, payload.generationId),
  retry: { limit: 2, delaySeconds: 30, backoff: true },
  expireInSeconds: 4 * 3600,
});

/** Sends stale runs (their process died) to be taken over; `staleMs` 0 takes every running one (one-process PGlite at start-up). */
export async function recoverGenerations(ctx: AppContext, staleMs = GENERATION_STALE_MS): Promise<string[]> {
  return generationRuns.recover(ctx, staleMs);
}

/** At a worker's start: with PGlite every running run was cut off; on PostgreSQL only silent ones. */
export async function recoverGenerationsAtStart(ctx: AppContext): Promise<void> {
  await generationRuns.recoverAtStart(ctx);
}
