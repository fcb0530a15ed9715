import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { requireUser } from '../../platform/http.js';
import { currentSubscription } from './subscriptions.service.js';

/** GET /api/subscriptions/current → `{subscription: {plan: {name, features}, status}, features}` (spec 000 §7). */
export async function subscriptionsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/subscriptions/current', async (req) => currentSubscription(ctx.db, requireUser(req).id));
}
