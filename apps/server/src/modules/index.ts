import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context.js';
import { authRoutes } from './auth/auth.routes.js';
import { subscriptionsRoutes } from './subscriptions/subscriptions.routes.js';

/** Every domain's routes, registered in this order. Auth first: it sets `request.user`. */
export const routeModules: Array<(app: FastifyInstance, ctx: AppContext) => Promise<void>> = [
  authRoutes,
  subscriptionsRoutes,
];

/** Every domain's job handlers, started in worker and all roles. */
export const jobModules: Array<(ctx: AppContext) => Promise<void>> = [];
