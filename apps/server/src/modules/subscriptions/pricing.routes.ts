import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';

/** Administrators' pricing routes (issue 11). */
export async function adminPricingRoutes(_app: ZodApp, _ctx: AppContext): Promise<void> {}
