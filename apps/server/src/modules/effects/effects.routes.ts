import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';

/** Routes of this module (issue 11); declared by its owner. */
export async function effectsRoutes(_app: ZodApp, _ctx: AppContext): Promise<void> {}
