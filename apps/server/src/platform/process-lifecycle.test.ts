import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const TSX = pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/loader.mjs')).href;

const freePort = () => new Promise<number>((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address() as net.AddressInfo;
    s.close(() => resolve(port));
  });
});

type Server = { child: ChildProcess; port: number; output: () => string; exited: Promise<number | null> };

/** Starts `main.ts` (the embedded database) on `dataDir` in a directory of its own; resolves once it says ready or exits. */
async function start(dataDir: string): Promise<Server> {
  const [port, apiPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, ['--import', TSX, MAIN], {
    cwd: dataDir, // no .env there
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), API_PORT: String(apiPort), HOST: '127.0.0.1', WEB_DIR: '', DATABASE_URL: '', PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => { out += d; });
  child.stderr!.on('data', (d) => { out += d; });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await Promise.race([
    exited,
    new Promise<void>((resolve) => {
      const poll = setInterval(() => { if (out.includes('ready on')) { clearInterval(poll); resolve(); } }, 50);
    }),
  ]);
  return { child, port, output: () => out, exited };
}

const signUp = (port: number, email: string) => fetch(`http://127.0.0.1:${port}/api/auth/signup`, {
  method: 'POST', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
  body: JSON.stringify({ email, password: 'correct horse battery', given_name: 'Kept' }),
});
const signIn = (port: number, email: string) => fetch(`http://127.0.0.1:${port}/api/auth/login`, {
  method: 'POST', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
  body: JSON.stringify({ email, password: 'correct horse battery' }), redirect: 'manual',
});

describe('one process per data directory, and starts after a crash', () => {
  let dataDir: string;
  const running: Server[] = [];
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-lifecycle-'));
  });
  afterAll(async () => {
    for (const s of running) s.child.kill('SIGKILL');
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a second server on the same DATA_DIR, recovers after kill -9, and closes on SIGTERM with the data kept', async () => {
    const first = await start(dataDir);
    running.push(first);
    expect(first.output()).toContain('ready on');
    expect((await signUp(first.port, 'kept@example.test')).status).toBe(201);

    // A second start stops at once, naming the process that holds the directory, before opening the database.
    const second = await start(dataDir);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`DATA_DIR ${dataDir} is in use by process ${first.child.pid}`);
    expect((await fetch(`http://127.0.0.1:${first.port}/api/health`)).status).toBe(200);

    // kill -9 leaves the lock and the database mid-flight: the next start takes over and finds the account.
    first.child.kill('SIGKILL');
    await first.exited;
    const third = await start(dataDir);
    running.push(third);
    expect(third.output()).toContain('ready on');
    expect((await signIn(third.port, 'kept@example.test')).status).toBe(200);
    expect((await signUp(third.port, 'second@example.test')).status).toBe(201);

    // SIGTERM closes within 10 s, releasing the lock; the data is intact at the next start.
    const t0 = Date.now();
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(Date.now() - t0).toBeLessThan(10_000);
    await expect(fs.access(path.join(dataDir, 'mailcraft.pid'))).rejects.toThrow();
    const fourth = await start(dataDir);
    running.push(fourth);
    expect((await signIn(fourth.port, 'second@example.test')).status).toBe(200);
    fourth.child.kill('SIGTERM');
    expect(await fourth.exited).toBe(0);
  }, 180_000);
});
