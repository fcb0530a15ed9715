// Temporary probe (deleted after use): times a full check, a cached GET and a fix on a 100,000-record list.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';
import { autoMap } from '@mailcraft/shared';
import { migrateDatabase, openDatabase } from '../db/client.js';
import { columnMappings, mailingListRecords, mailingLists } from '../db/schema/index.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../platform/config.js';
import { createContext } from '../runtime.js';

const US500 = fileURLToPath(new URL('../../../../fixtures/shared-data/us-500.csv', import.meta.url));
const records = 100_000;
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-probe-'));
const database = await openDatabase({ pgliteDir: path.join(dir, 'db') });
await migrateDatabase(database);
const ctx = await createContext(loadConfig({ DATA_DIR: dir, WEB_DIR: '' }, []), database);
const app = await buildApp(ctx);
const signup = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'p@example.test', password: 'correct horse battery', given_name: 'P' } });
const userId = (signup.json() as { user: { id: string } }).user.id;
const cookie = signup.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
const [headers, ...rows] = Papa.parse<string[]>(await fs.readFile(US500, 'utf8'), { skipEmptyLines: true }).data;
const city = headers.indexOf('city');
const [list] = await ctx.db.insert(mailingLists).values({ userId, name: 'bench', headers, rowCount: records, sourceFormat: 'csv' }).returning();
for (let i = 0; i < records; i += 1000) {
  await ctx.db.insert(mailingListRecords).values(Array.from({ length: Math.min(1000, records - i) }, (_, j) => {
    const n = i + j;
    return { listId: list.id, rowIndex: n, values: rows[n % rows.length].map((v, k) => (k === 0 ? `${v} ${n}` : k === city && n % 10 === 0 ? 'Boston' : v)) };
  }));
}
await ctx.db.insert(columnMappings).values({ listId: list.id, mappings: autoMap(headers), fieldSettings: {} });
const time = async (label: string, req: Parameters<typeof app.inject>[0]) => {
  const t0 = performance.now();
  const res = await app.inject({ ...(req as object), headers: { cookie } } as never);
  console.log(label, res.statusCode, ((performance.now() - t0) / 1000).toFixed(2), 's', res.body.length, 'bytes');
  return res.json();
};
const first = await time('first GET', { method: 'GET', url: `/api/lists/${list.id}/address-check` });
await time('second GET (cached)', { method: 'GET', url: `/api/lists/${list.id}/address-check` });
await time('page 2 (cached)', { method: 'GET', url: `/api/lists/${list.id}/address-check?page=2` });
const t0 = performance.now();
await Promise.all([1, 2, 3].map(() => app.inject({ method: 'POST', url: `/api/lists/${list.id}/address-check/fixes`, headers: { cookie }, payload: { recordIds: [first.issues[0].recordId], action: 'ignore', codes: [first.issues[0].code] } })));
console.log('3 concurrent ignores', ((performance.now() - t0) / 1000).toFixed(2), 's');
await time('fix (before cached, one check after)', { method: 'POST', url: `/api/lists/${list.id}/address-check/fixes`, payload: { recordIds: first.issues.slice(0, 100).map((i: { recordId: string }) => i.recordId), action: 'accept' } });
await time('GET after fix (cached)', { method: 'GET', url: `/api/lists/${list.id}/address-check` });
const t1 = performance.now();
await Promise.all([1, 2, 3, 4].map(() => app.inject({ method: 'GET', url: `/api/lists/${list.id}/address-check`, headers: { cookie } })));
console.log('4 concurrent GETs (cached)', ((performance.now() - t1) / 1000).toFixed(2), 's');
await app.close();
await ctx.queue.stop();
await database.close();
await fs.rm(dir, { recursive: true, force: true });
