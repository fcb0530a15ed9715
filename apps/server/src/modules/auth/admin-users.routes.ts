import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';

/** Administrators' user routes (issue 11). */
export async function adminUsersRoutes(_app: ZodApp, _ctx: AppContext): Promise<void> {}
