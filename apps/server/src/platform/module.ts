import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context.js';

/** A Fastify instance whose routes are typed by their zod schemas (docs/architecture.md#route-schemas-and-openapi). */
export type ZodApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

/**
 * A domain's routes: registered as its own encapsulated Fastify plugin inside the listener's
 * authenticated scope, so its hooks and decorators stay its own.
 */
export type RouteModule = (app: ZodApp, ctx: AppContext) => Promise<void>;

/** Registers each module as an encapsulated plugin of `scope`, in order. */
export async function registerModules(scope: FastifyInstance, ctx: AppContext, modules: readonly RouteModule[]): Promise<void> {
  for (const routes of modules) {
    await scope.register(async (plugin) => routes(plugin.withTypeProvider<ZodTypeProvider>(), ctx));
  }
}
