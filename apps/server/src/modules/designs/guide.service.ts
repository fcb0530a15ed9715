import type { Readable } from 'node:stream';
import type { TTemplateGuideQuery } from '@mailcraft/shared';
import type { Storage } from '../../platform/storage.js';
import { guideFileName, guideLayout } from '@mailcraft/shared/designs';

/** Bump when the drawing changes: cached files live in storage under this version. */
const GUIDE_VERSION = 2;
const inFlight = new WeakMap<Storage, Map<string, Promise<void>>>();

/**
 * A template guide file (PDF or PSD) for a paper size, type and sides, as a stream with its
 * download name. Files are deterministic, so each is rendered once and kept in storage at
 * `template-guides/v{n}/{name}`; concurrent first requests share one render (an A2 PSD takes
 * ~3 s and ~0.8 GB while ag-psd writes it; 8.5x11 ~0.5 s and ~0.3 GB).
 */
export async function openGuideFile(storage: Storage, query: TTemplateGuideQuery, ext: 'pdf' | 'psd'): Promise<{ name: string; stream: Readable }> {
  const name = guideFileName(query, ext);
  const key = `template-guides/v${GUIDE_VERSION}/${name}`;
  const renders = inFlight.get(storage) ?? new Map<string, Promise<void>>();
  inFlight.set(storage, renders);
  // Checked and set synchronously: a request arriving mid-write waits instead of streaming half a file.
  if (!renders.has(key)) {
    renders.set(key, (async () => {
      if (await storage.exists(key)) return;
      const layout = guideLayout(query);
      // Loaded on first use: pdf-lib and ag-psd stay out of the server's start-up memory.
      const file = ext === 'pdf'
        ? await (await import('./guide.pdf.js')).renderGuidePdf(layout)
        : await (await import('./guide.psd.js')).renderGuidePsd(layout);
      await storage.put(key, file);
    })().finally(() => renders.delete(key)));
  }
  await renders.get(key);
  return { name, stream: storage.stream(key) };
}
