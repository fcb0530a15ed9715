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

/** The address check of one list: how long GET /api/lists/{id}/address-check took, and what it found. */
export type AddressCheckBenchResult = { records: number; seconds: number; withIssues: number; issues: number };

/**
 * Address check at mapping (docs/requirements/print.md#print target: 100,000 records ≤ 3 s) on PGlite: us-500.csv
 * repeated, every tenth record's city replaced by 'Boston' (a ZIP–city mismatch with a
 * suggestion), checked through the real route with the offline verifier, first page of 5,000 issues.
 */
export async function benchAddressCheck(records: number): Promise<AddressCheckBenchResult> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-address-bench-'));
  const database = await openDatabase({ pgliteDir: path.join(dir, 'db') });
  await migrateDatabase(database);
  const ctx = await createContext(loadConfig({ DATA_DIR: dir, WEB_DIR: '', ADMIN_EMAIL: 'addresses@example.test' }, []), database);
  const app = await buildApp(ctx);
  try {
    const signup = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email: 'addresses@example.test', password: 'correct horse battery', given_name: 'Bench' } });
    const userId = (signup.json() as { user: { id: string } }).user.id;
    const cookie = signup.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const [headers, ...rows] = Papa.parse<string[]>(await fs.readFile(US500, 'utf8'), { skipEmptyLines: true }).data;
    const city = headers.indexOf('city');
    const [list] = await ctx.db.insert(mailingLists).values({ userId, name: 'bench', headers, rowCount: records, sourceFormat: 'csv' }).returning();
    for (let i = 0; i < records; i += 1000) {
      await ctx.db.insert(mailingListRecords).values(Array.from({ length: Math.min(1000, records - i) }, (_, j) => {
        const n = i + j;
        const values = rows[n % rows.length].map((v, k) => (k === 0 ? `${v} ${n}` : k === city && n % 10 === 0 ? 'Boston' : v));
        return { listId: list.id, rowIndex: n, values };
      }));
    }
    await ctx.db.insert(columnMappings).values({ listId: list.id, mappings: autoMap(headers), fieldSettings: {} });

    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url: `/api/lists/${list.id}/address-check`, headers: { cookie } });
    const seconds = (performance.now() - t0) / 1000;
    if (res.statusCode !== 200) throw new Error(`address check failed: ${res.statusCode} ${res.body.slice(0, 300)}`);
    const report = res.json() as { counts: { records: number; withIssues: number }; totalIssues: number };
    return { records: report.counts.records, seconds, withIssues: report.counts.withIssues, issues: report.totalIssues };
  } finally {
    await app.close();
    await ctx.queue.stop();
    await database.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** BENCHMARKS.md section of the address check (docs/requirements/print.md#print), from the run's results. */
export function addressCheckSection(get: (name: string) => Record<string, number> | string | undefined): string {
  const r = get('address-check-100000');
  const cell = (k: string, digits: number) => (typeof r === 'object' ? (r[k] ?? NaN).toFixed(digits) : r ?? '–');
  return `
## 8. Address check at mapping (target: 100,000 records ≤ 3 s)

docs/requirements/print.md#print: GET /api/lists/{id}/address-check on PGlite with the offline verifier, us-500.csv repeated to 100,000
records, every tenth record's city replaced by 'Boston' (a ZIP–city mismatch, with the ZIP's city suggested).

| records | seconds | records with issues | issues |
|---:|---:|---:|---:|
| ${cell('records', 0)} | ${cell('seconds', 2)} | ${cell('withIssues', 0)} | ${cell('issues', 0)} |
`;
}
