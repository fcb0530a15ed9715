import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZHealthSchema, ZReadySchema } from '@mailcraft/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from './context.js';
import { route } from './route.js';

/**
 * `GET /api/health` (and the bare `/health` on the public API): answers from memory, never waiting
 * on the database, so a load balancer and an operator can tell "slow" (a high event-loop p99, the
 * embedded database busy for long) from "dead" (no answer). `paths` are the paths to serve;
 * only the first is in the OpenAPI document.
 */
export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext, paths: string[] = ['/api/health']): void {
  route(app.withTypeProvider<ZodTypeProvider>(), {
    method: 'GET', url: paths, auth: 'public', operationId: 'health.check', summary: 'Health check (no key needed)', tags: ['health'], response: ZHealthSchema,
  }, () => {
    const loop = ctx.watchdog.report();
    const thread = ctx.database.embedded?.status();
    return {
      status: 'ok' as const,
      database: ctx.database.kind,
      event_loop: { p99_ms: loop.p99Ms, max_ms: loop.maxMs, window_seconds: loop.windowSeconds },
      database_thread: thread ? { busy: thread.busy, busy_for_ms: Math.round(thread.busyForMs) } : null,
    };
  });
}

/** Seconds each readiness probe may take before it counts as not answering. */
const READY_PROBE_SECONDS = 2;
/** Contexts whose process is shutting down (SIGTERM): they answer not ready. */
const stopping = new WeakSet<AppContext>();

/** Marks the process of `ctx` as shutting down: `/api/ready` answers 503 from now on, so a load balancer drains it. */
export function markStopping(ctx: AppContext): void {
  stopping.add(ctx);
}

/** 'ok' when `probe` resolves within READY_PROBE_SECONDS, otherwise why not. */
async function probeState(probe: () => Promise<unknown>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => { timer = setTimeout(() => resolve(`No answer within ${READY_PROBE_SECONDS} s`), READY_PROBE_SECONDS * 1000); });
  try {
    return await Promise.race([probe().then(() => 'ok', (err: unknown) => (err instanceof Error ? err.message : String(err))), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /api/ready` (README "Running at scale"): readiness for a load balancer, unlike `/api/health`
 * (liveness, from memory). 200 `{status: 'ready'}` when the database answered `SELECT 1` and the
 * file storage a lookup, each within 2 s; 503 `{status: 'not_ready', …}` naming what did not, or
 * while the process shuts down (`markStopping`).
 */
export function registerReadyRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app.withTypeProvider<ZodTypeProvider>(), {
    method: 'GET', url: '/api/ready', auth: 'public', operationId: 'health.ready', summary: 'Readiness check (no key needed)', tags: ['health'],
    response: ZReadySchema, answers: { 503: ZReadySchema },
  }, async (_principal, _input, { reply }) => {
    const [database, storage] = await Promise.all([
      probeState(() => ctx.db.execute(sql`SELECT 1`)),
      probeState(() => ctx.storage.exists('ready-probe')),
    ]);
    const isStopping = stopping.has(ctx);
    const ready = database === 'ok' && storage === 'ok' && !isStopping;
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', database, storage, stopping: isStopping });
  });
}
