import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context.js';
import { authRoutes } from './auth/auth.routes.js';
import { subscriptionsRoutes } from './subscriptions/subscriptions.routes.js';
import { fontsRoutes } from './fonts/fonts.routes.js';
import { printRoutes } from './print/print.routes.js';
import { startPrintJobs } from './print/print.job.js';
import { projectsRoutes } from './projects/projects.routes.js';
import { permitsRoutes } from './permits/permits.routes.js';
import { designsRoutes } from './designs/designs.routes.js';
import { templateGuideRoutes } from './designs/guide.routes.js';
import { mailingListsRoutes } from './mailing-lists/mailing-lists.routes.js';
import { columnMappingsRoutes } from './column-mappings/column-mappings.routes.js';

/** Every domain's routes, registered in this order. Auth first: it sets `request.user`. */
export const routeModules: Array<(app: FastifyInstance, ctx: AppContext) => Promise<void>> = [
  authRoutes,
  subscriptionsRoutes,
  projectsRoutes,
  permitsRoutes,
  designsRoutes,
  templateGuideRoutes,
  mailingListsRoutes,
  columnMappingsRoutes,
  fontsRoutes,
  printRoutes,
];

/** Every domain's job handlers, started in worker and all roles. */
export const jobModules: Array<(ctx: AppContext) => Promise<void>> = [
  startPrintJobs,
];
