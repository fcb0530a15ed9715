import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';

/** Administrators' font routes (issue 11); declared by its owner. */
export async function adminFontsRoutes(_app: ZodApp, _ctx: AppContext): Promise<void> {}
