import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';

/** One request the load generator cycles through. */
export type LoadRequest = { method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string };

/** What one API load run measured. Latencies in ms; `ok` the 2xx answers, `redirects` the 3xx, `non2xx` all others but 2xx. */
export type ApiLoadResult = { requests: number; ok: number; redirects: number; non2xx: number; errors: number; timeouts: number; rps: number; p50: number; p99: number; max: number };

/**
 * Drives `requests` round-robin at `connections` concurrent connections for `seconds` against
 * `base` (loopback only: http://127.0.0.1:…), as a caller of the public API would.
 */
export async function driveApi(base: string, requests: LoadRequest[], connections: number, seconds: number): Promise<ApiLoadResult> {
  if (!base.startsWith('http://127.0.0.1:')) throw new Error('load goes to loopback only');
  let i = 0;
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: [{
      setupRequest: (req) => {
        const r = requests[i++ % requests.length];
        return { ...req, method: r.method, path: r.path, headers: { ...req.headers, ...r.headers }, body: r.body };
      },
    }],
  });
  return {
    requests: result.requests.total,
    ok: result['2xx'],
    redirects: result['3xx'],
    non2xx: result['1xx'] + result['3xx'] + result['4xx'] + result['5xx'],
    errors: result.errors,
    timeouts: result.timeouts,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
  };
}

// Child process of the API bench: `node api-load.js <plan.json>` with { base, requests, connections, seconds }.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const plan = JSON.parse(fs.readFileSync(process.argv[2], 'utf8')) as { base: string; requests: LoadRequest[]; connections: number; seconds: number };
  driveApi(plan.base, plan.requests, plan.connections, plan.seconds)
    .then((r) => process.stdout.write(`LOAD ${JSON.stringify(r)}\n`))
    .catch((err) => { console.error(err); process.exit(1); });
}
