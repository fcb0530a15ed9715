import type { AppContext } from '../../platform/context.js';
import { BUILTIN_SAMPLES } from './builtin/samples.js';
import { sampleTemplatesRepo } from './sample-templates.repo.js';

/**
 * Adds the built-in sample designs (docs/requirements/administration.md#administration: six of our own, builtin/) that are missing by
 * `builtin_key`, published. Idempotent; an existing row is never touched, so a sample an
 * administrator hid or edited stays as they left it. Thumbnails are rendered on first request.
 * Call at start-up after migrations (runtime.ts, with `seedFonts`). Returns how many were added.
 */
export async function seedSampleTemplates(ctx: Pick<AppContext, 'db'>): Promise<number> {
  return sampleTemplatesRepo.insertMissingBuiltins(ctx.db, BUILTIN_SAMPLES.map((s) => ({
    builtinKey: s.key, name: s.name, description: s.description, templateType: s.templateType, paperSize: s.paperSize,
    design: s.design, published: true, position: s.position,
  })));
}
