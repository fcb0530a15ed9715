import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * How to start a worker thread on the module `name` (without extension) beside `callerUrl`
 * (the caller's `import.meta.url`). From compiled JS (dist) it is `name.js`; from TypeScript source
 * (vitest, tsx) a thread cannot load .ts by itself on Node 20, so it starts with tsx's loader
 * (`--import`, resolved to a file so any working directory works). Returns the `Worker` filename
 * (a file URL) and its `execArgv`.
 */
export function threadEntry(callerUrl: string, name: string): { filename: string; execArgv: string[] } {
  if (!callerUrl.endsWith('.ts')) return { filename: new URL(`./${name}.js`, callerUrl).href, execArgv: [] };
  const tsxDir = path.dirname(createRequire(callerUrl).resolve('tsx/package.json'));
  return { filename: new URL(`./${name}.ts`, callerUrl).href, execArgv: ['--import', pathToFileURL(path.join(tsxDir, 'dist/loader.mjs')).href] };
}

/**
 * Starts a `Worker` on the module `name` beside `callerUrl` (see `threadEntry`). From TypeScript
 * source the thread first registers tsx's loader, then imports the module (a `Worker` resolves its
 * entry before an `--import`ed loader is active, so `execArgv` alone does not do).
 */
export function startThread(callerUrl: string, name: string, options: Omit<WorkerOptions, 'eval' | 'execArgv'>): Worker {
  const { filename, execArgv } = threadEntry(callerUrl, name);
  if (execArgv.length === 0) return new Worker(new URL(filename), options);
  const tsxApi = pathToFileURL(path.join(path.dirname(createRequire(callerUrl).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
  const boot = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(filename)}); })`;
  return new Worker(boot, { ...options, eval: true });
}
