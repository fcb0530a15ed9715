import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZHealthSchema } from '@mailcraft/shared';
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
