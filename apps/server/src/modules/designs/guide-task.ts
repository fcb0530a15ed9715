import type { GuideLayout } from '@mailcraft/shared/designs';
import { boundedTask } from '../../platform/bounded-task.js';

/**
 * The guide thread's task (loaded by piscina in the thread of `guide.service.ts`): draws one
 * template guide file — ag-psd encodes a PSD in one synchronous call of up to seconds (A2: ~3 s),
 * which on the HTTP thread stalled every other request. Resolves with the file's bytes (moved,
 * not copied, back to the caller).
 */
export const renderGuide = boundedTask(async ({ layout, ext }: { layout: GuideLayout; ext: 'pdf' | 'psd' }): Promise<Uint8Array> => {
  const file = ext === 'pdf'
    ? await (await import('./guide.pdf.js')).renderGuidePdf(layout)
    : await (await import('./guide.psd.js')).renderGuidePsd(layout);
  return new Uint8Array(file); // a buffer of its own, so it can be moved
});
