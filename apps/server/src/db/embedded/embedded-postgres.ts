import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startThread } from '../../platform/thread-entry.js';
import type { EmbeddedThreadData } from './pglite-thread.js';
import { createThreadStatusBuffer, readThreadStatus, type DatabaseThreadStatus } from './thread-status.js';

/** The port number in the socket file's name (`.s.PGSQL.5432`), as libpq and node-postgres expect it. */
export const EMBEDDED_SOCKET_PORT = 5432;

/**
 * Embedded PostgreSQL settings. PGlite's default 128 MB of shared buffers is most of its memory;
 * 16 MB keeps an idle server near 270 MB RSS instead of 410 MB (measured here) at no measurable
 * cost to the import or print benchmarks, since the OS page cache still holds the data files.
 */
const PGLITE_CONF = ['shared_buffers = 16MB'];

/**
 * A running embedded database: PGlite in its own thread, reachable over the PostgreSQL wire
 * protocol at `socketDir` (a private 0700 directory; connect with host = socketDir, port =
 * EMBEDDED_SOCKET_PORT).
 */
export type EmbeddedPostgres = {
  socketDir: string;
  /** Whether the database thread is inside a statement, for how long (ms) and which — readable while it is. */
  status(): DatabaseThreadStatus;
  /** Writes the data directory as a tarball to `file` (a migrated snapshot for tests). */
  dump(file: string): Promise<void>;
  /**
   * Stops the socket and closes PGlite (its data flushed) within `timeoutMs` (default 8 s);
   * past that the thread is ended — like a crash, PostgreSQL's write-ahead log recovers the data at
   * the next start.
   */
  close(timeoutMs?: number): Promise<void>;
};

/**
 * Starts PGlite in a worker thread on `dataDir` (in memory when absent; `dumpFile` loads a
 * tarball made by `dump`). Resolves when the socket accepts connections; rejects with PGlite's
 * error if the database cannot open. `onCrash` hears an unexpected end of the thread (the
 * process cannot go on without its database: the server exits, a supervisor restarts it).
 */
export async function startEmbeddedPostgres(opts: { dataDir?: string; dumpFile?: string; onCrash?: (err: Error) => void } = {}): Promise<EmbeddedPostgres> {
  const socketDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-db-'));
  const status = createThreadStatusBuffer();
  const data: EmbeddedThreadData = {
    dataDir: opts.dataDir, dumpFile: opts.dumpFile, socketPath: path.join(socketDir, `.s.PGSQL.${EMBEDDED_SOCKET_PORT}`),
    status, postgresqlConf: PGLITE_CONF,
  };
  const worker = startThread(import.meta.url, 'pglite-thread', { workerData: data, name: 'embedded-postgres' });
  let closing = false;
  const exited = new Promise<number>((resolve) => worker.once('exit', resolve));

  const reply = (want: string) => new Promise<void>((resolve, reject) => {
    const onMessage = (m: { type: string; message?: string }) => {
      if (m.type !== want && m.type !== 'error') return;
      worker.off('message', onMessage);
      if (m.type === 'error') reject(new Error(`Embedded database: ${m.message}`));
      else resolve();
    };
    worker.on('message', onMessage);
    void exited.then((code) => reject(new Error(`Embedded database thread ended (exit code ${code})`)));
  });

  try {
    await reply('ready');
  } catch (err) {
    await worker.terminate();
    await fs.rm(socketDir, { recursive: true, force: true });
    throw err;
  }
  worker.on('error', (err) => {
    if (!closing) opts.onCrash?.(err);
  });
  void exited.then((code) => {
    if (!closing) opts.onCrash?.(new Error(`Embedded database thread ended (exit code ${code})`));
  });

  return {
    socketDir,
    status: () => readThreadStatus(status),
    dump: async (file) => {
      const done = reply('dumped');
      worker.postMessage({ type: 'dump', file });
      await done;
    },
    close: async (timeoutMs = 8_000) => {
      if (closing) return;
      closing = true;
      const done = reply('closed').catch(() => {});
      worker.postMessage({ type: 'close' });
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => { timer = setTimeout(() => resolve('late'), timeoutMs); });
      if ((await Promise.race([done, late])) === 'late') {
        console.warn(`[db] the embedded database did not close within ${timeoutMs / 1000} s (a statement still running: ${readThreadStatus(status).statement ?? 'unknown'}); ending its thread — it recovers at the next start`);
        await worker.terminate();
      } else {
        await Promise.race([exited, late]);
      }
      clearTimeout(timer);
      await fs.rm(socketDir, { recursive: true, force: true });
    },
  };
}
