import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { driveApi } from './api-load.js';

/** What one load run measured. Latencies in ms. */
export type LoadResult = { requests: number; redirects: number; other: number; errors: number; timeouts: number; rps: number; p50: number; p99: number; max: number };

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/**
 * Drives `GET {base}/{code}` at `connections` concurrent connections for `seconds`, cycling
 * through `codes`, as a phone would (iPhone user agent, so every request is a human scan).
 * Loopback only: `base` must be http://127.0.0.1:…
 */
export async function driveRedirects(base: string, codes: string[], connections: number, seconds: number): Promise<LoadResult> {
  const r = await driveApi(base, codes.map((code) => ({ method: 'GET', path: `/${code}`, headers: { 'user-agent': IPHONE } })), connections, seconds);
  return {
    requests: r.requests, redirects: r.redirects, other: r.ok + r.non2xx - r.redirects, errors: r.errors, timeouts: r.timeouts,
    rps: r.rps, p50: r.p50, p99: r.p99, max: r.max,
  };
}

// Child process of the redirect bench: `node redirect-load.js <base> <codes.json> <connections> <seconds>`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [base, codesFile, connections, seconds] = process.argv.slice(2);
  driveRedirects(base, JSON.parse(fs.readFileSync(codesFile, 'utf8')) as string[], Number(connections), Number(seconds))
    .then((r) => process.stdout.write(`LOAD ${JSON.stringify(r)}\n`))
    .catch((err) => { console.error(err); process.exit(1); });
}
