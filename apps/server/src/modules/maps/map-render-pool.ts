import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import type { MapDrawTask } from './static-map.js';

const IDLE_MS = 30_000;

/** The thread's code: map-render-task.js from dist; the .ts source under tsx's loader in tests (as the print pool). */
function taskFile(): { filename: string; execArgv: string[] } {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return { filename: new URL('./map-render-task.js', here).href, execArgv: [] };
  const tsxDir = path.dirname(createRequire(here).resolve('tsx/package.json'));
  return { filename: new URL('./map-render-task.ts', here).href, execArgv: ['--import', pathToFileURL(path.join(tsxDir, 'dist/loader.mjs')).href] };
}

let pool: Piscina<MapDrawTask, Uint8Array> | null = null;

/**
 * Draws a map on the process's map render threads (one per core by default, `threads`; started on
 * demand, ended after 30 s idle, 256 MB heap each), so Generate All Routes uses every core and the
 * event loop stays free for requests. Resolves with the PNG bytes.
 */
export async function drawOnPool(task: MapDrawTask, threads: number): Promise<Buffer> {
  pool ??= new Piscina<MapDrawTask, Uint8Array>({
    ...taskFile(), minThreads: 0, maxThreads: threads, idleTimeout: IDLE_MS, resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
  return Buffer.from(await pool.run(task));
}

/** Ends the map render threads (tests, shutdown); the next draw starts new ones. */
export async function closeMapRenderPool(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.close({ force: true });
}
