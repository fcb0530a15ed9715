import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_NICE } from './thread-priority.js';

/** Runs `lowerThreadPriority` in a new thread and answers what it returned and the nice values of that thread and of this one. */
function lowerInThread(): Promise<{ lowered: boolean; threadNice: number; callerNice: number }> {
  const tsxApi = pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
  const moduleUrl = new URL('./thread-priority.ts', import.meta.url).href;
  const code = `
    const { parentPort } = await import('node:worker_threads');
    const fs = await import('node:fs'); const os = await import('node:os');
    (await import(${JSON.stringify(tsxApi)})).register();
    const { lowerThreadPriority } = await import(${JSON.stringify(moduleUrl)});
    const lowered = lowerThreadPriority();
    const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    parentPort.postMessage({ lowered, threadNice: os.getPriority(tid) });`;
  const worker = new Worker(`(async () => {${code}})()`, { eval: true });
  return new Promise((resolve, reject) => {
    worker.once('message', (m: { lowered: boolean; threadNice: number }) => {
      void worker.terminate();
      const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
      resolve({ ...m, callerNice: os.getPriority(tid) });
    });
    worker.once('error', reject);
  });
}

describe('background thread priority', () => {
  it.runIf(process.platform === 'linux')('lowers the calling thread alone to the background nice value', async () => {
    const before = os.getPriority(Number(fs.readlinkSync('/proc/thread-self').split('/').pop()));
    const { lowered, threadNice, callerNice } = await lowerInThread();
    expect(lowered).toBe(true);
    expect(threadNice).toBe(Math.max(BACKGROUND_NICE, before));
    expect(callerNice).toBe(before);
  });
});
