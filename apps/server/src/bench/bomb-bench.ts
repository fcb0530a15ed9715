import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import { migrateDatabase, openDatabase } from '../db/client.js';
import { loadConfig } from '../platform/config.js';
import { createContext } from '../runtime.js';
import { multipartBody } from './multipart.js';
import { rssSampler } from './rss.js';
import { deflatedPart, sheetXml, workbookParts, zipFile } from './zip-bomb.js';

export type BombBenchResult = { bombs: number; fileMb: number; inflatedMb: number; seconds: number; statusAnswers: number; peakRssMb: number };

/**
 * docs/architecture.md#security-baseline "server crash": three users upload, at once, a ~1 MB .xlsx whose shared strings
 * inflate to 1.1 GB (declared as 1 KB). Before the limits, one took the process to 2.1 GB and three
 * killed it. Measures the time until all three are answered, how often GET /api/auth/status
 * answered meanwhile, and the process's peak RSS (target ≤ 1 GB).
 */
export async function benchBombBurst(): Promise<BombBenchResult> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-bench-bomb-'));
  const database = await openDatabase({ pgliteDir: path.join(dir, 'db') });
  await migrateDatabase(database);
  const ctx = await createContext(loadConfig({ DATA_DIR: dir, WEB_DIR: '' }, []), database);
  const app = await buildApp(ctx);
  try {
    const inflated = 1100 * 1024 * 1024;
    const strings = await deflatedPart('xl/sharedStrings.xml', '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>', 'A', inflated, '</t></si></sst>');
    const parts = workbookParts(sheetXml([['name'], ['Ann']]));
    const bomb = zipFile([...parts, { ...strings, declaredSize: 1024 }]);
    const cookies: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: `bomb${i}@example.test`, password: 'correct horse battery', given_name: 'B' } });
      cookies.push(r.cookies.map((c) => `${c.name}=${c.value}`).join('; '));
    }
    const stop = rssSampler();
    const started = performance.now();
    let statusAnswers = 0;
    let pending = true;
    const uploads = Promise.all(cookies.map((cookie) => {
      const body = multipartBody({ name: 'bomb.xlsx', data: bomb });
      return app.inject({ method: 'POST', url: '/api/lists/upload', payload: body.payload, headers: { ...body.headers, cookie, 'sec-fetch-site': 'same-origin' } });
    })).finally(() => { pending = false; });
    while (pending) {
      if ((await app.inject({ method: 'GET', url: '/api/auth/status' })).statusCode === 200) statusAnswers++;
      await new Promise((r) => setTimeout(r, 100));
    }
    const answers = await uploads;
    const seconds = (performance.now() - started) / 1000;
    const peakRssMb = stop();
    if (answers.some((a) => a.statusCode !== 422 && a.statusCode !== 429)) throw new Error(`unexpected answers ${answers.map((a) => a.statusCode)}`);
    return { bombs: 3, fileMb: bomb.length / 2 ** 20, inflatedMb: inflated / 2 ** 20, seconds, statusAnswers, peakRssMb };
  } finally {
    await app.close();
    await ctx.queue.stop();
    await database.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}
