import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const TSX = pathToFileURL(path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/loader.mjs')).href;
/** Longest wait for the server to say it is ready (ms): compiling the sources on a loaded machine. */
const START_MS = 90_000;

const freePort = () => new Promise<number>((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address() as net.AddressInfo;
    s.close(() => resolve(port));
  });
});

/** A server started by `startServerProcess`: its web listener's base URL, what it printed, and how to stop it. */
export type ServerProcess = {
  /** `http://127.0.0.1:{PORT}`. */
  url: string;
  /** Its DATA_DIR (a fresh temporary directory, removed by `stop`). */
  dataDir: string;
  output(): string;
  /** SIGTERM, then SIGKILL after 15 s; resolves when it has exited and its DATA_DIR is removed. */
  stop(): Promise<void>;
};

/**
 * Starts `main.ts` as a separate server process (another `ROLE=all` process of the same
 * installation, as a deployment runs web and worker processes side by side) with `env` added —
 * e.g. `DATABASE_URL` of a test app's database and its `STORAGE_URL` — listening on 127.0.0.1 on
 * free ports, in a fresh DATA_DIR. Resolves once it says it is ready; rejects with its output
 * when it exits first or is not ready within 90 s.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-process-'));
  const [port, apiPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, ['--import', TSX, MAIN], {
    cwd: dataDir, // no .env there
    env: {
      ...process.env, DATA_DIR: dataDir, PORT: String(port), API_PORT: String(apiPort), HOST: '127.0.0.1', WEB_DIR: '',
      PUBLIC_URL: `http://127.0.0.1:${port}`, ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => { out += d; });
  child.stderr!.on('data', (d) => { out += d; });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(kill);
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  const ready = await new Promise<boolean>((resolve) => {
    const end = Date.now() + START_MS;
    const poll = setInterval(() => {
      if (out.includes('ready on')) resolve(true);
      else if (child.exitCode !== null || Date.now() > end) resolve(false);
      else return;
      clearInterval(poll);
    }, 50);
  });
  if (!ready) {
    await stop();
    throw new Error(`the server process did not start:\n${out}`);
  }
  return { url: `http://127.0.0.1:${port}`, dataDir, output: () => out, stop };
}
