import http from 'node:http';
import type net from 'node:net';
import { Webhook } from 'standardwebhooks';

/** A small HTTP server on 127.0.0.1 (tests only ever talk to loopback). */
async function listen(handler: http.RequestListener): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}

/**
 * The business's landing page: shows each query parameter with its value base64-decoded (docs/requirements/README.md#requirements
 * §4), one `<li>` per parameter, as `name: value`.
 */
export async function startLandingPage() {
  return listen((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const items = [...url.searchParams].map(([k, v]) => {
      const decoded = /^[A-Za-z0-9+/]*={0,2}$/.test(v) && k !== 'src' ? Buffer.from(v, 'base64').toString('utf8') : v;
      return `<li>${k}: ${decoded.replace(/[<&]/g, '')}</li>`;
    });
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>Welcome</title><h1>Welcome</h1><ul>${items.join('')}</ul>`);
  });
}

/** One delivery as received: headers, body and whether the official verifier accepted it. */
export type Delivery = { headers: Record<string, string>; body: string; payload: { type: string; data: Record<string, unknown> } | null; verified: boolean; error?: string };

/**
 * A webhook receiver that verifies every delivery with the official `standardwebhooks` package
 * once the secret is known (`setSecret`), answering 204.
 */
export async function startWebhookReceiver() {
  const deliveries: Delivery[] = [];
  let secret = '';
  const server = await listen((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      try {
        const payload = new Webhook(secret).verify(body, headers) as Delivery['payload'];
        deliveries.push({ headers, body, payload, verified: true });
      } catch (err) {
        deliveries.push({ headers, body, payload: null, verified: false, error: String(err) });
      }
      res.writeHead(204).end();
    });
  });
  return { ...server, deliveries, setSecret: (s: string) => { secret = s; } };
}
