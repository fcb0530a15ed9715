/**
 * The embedded database's own thread: PGlite (PostgreSQL compiled to WASM) served over the
 * PostgreSQL wire protocol on a Unix socket by `@electric-sql/pglite-socket`, so SQL never runs
 * on the HTTP thread — a long statement makes the database slow, never the server dead
 *. Started by `startEmbeddedPostgres`; its `workerData` is an
 * `EmbeddedThreadData`. Messages in: `{ type: 'dump', file }` (write the data directory as a
 * tarball), `{ type: 'close' }`. Messages out: `ready`, `dumped`, `closed`, `error`.
 */
import fs from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { ThreadStatusWriter } from './thread-status.js';

/** What the thread is started with. */
export type EmbeddedThreadData = {
  /** The data directory (created if missing); absent: in memory. */
  dataDir?: string;
  /** A tarball made by `dump` to start from (tests load a migrated snapshot). */
  dumpFile?: string;
  /** The Unix socket to listen on. */
  socketPath: string;
  status: SharedArrayBuffer;
  postgresqlConf: string[];
};

const data = workerData as EmbeddedThreadData;
const port = parentPort!;

/** The SQL text a protocol message carries: a simple Query ('Q') or a Parse ('P'); else null. */
function statementOf(message: Uint8Array): string | null {
  const type = message[0];
  if (type !== 0x51 && type !== 0x50) return null;
  let start = 5;
  if (type === 0x50) start = message.indexOf(0, start) + 1; // skip the statement name
  const end = message.indexOf(0, start);
  return Buffer.from(message.buffer, message.byteOffset + start, Math.max(0, Math.min(end < 0 ? message.length : end, start + 480) - start)).toString('utf8');
}

async function main(): Promise<void> {
  const loadDataDir = data.dumpFile ? new Blob([await fs.readFile(data.dumpFile)]) : undefined;
  if (data.dataDir) await fs.mkdir(data.dataDir, { recursive: true });
  const db = await PGlite.create({ dataDir: data.dataDir, loadDataDir, extensions: { pg_trgm }, postgresqlconf: data.postgresqlConf });
  const status = new ThreadStatusWriter(data.status);
  const run = db.execProtocolRawStream.bind(db);
  db.execProtocolRawStream = async (message, options) => {
    status.begin(statementOf(message));
    try {
      return await run(message, options);
    } finally {
      status.end();
    }
  };
  // One connection serves the app (see openDatabase); the second slot lets a replacement connect
  // while a dropped one is still closing.
  const server = new PGLiteSocketServer({ db, path: data.socketPath, maxConnections: 2 });
  await server.start();
  port.on('message', (m: { type: 'dump'; file: string } | { type: 'close' }) => {
    void (async () => {
      try {
        if (m.type === 'dump') {
          const tar = await db.dumpDataDir('none');
          await fs.writeFile(m.file, Buffer.from(await tar.arrayBuffer()));
          port.postMessage({ type: 'dumped' });
        } else {
          await server.stop();
          await db.close();
          port.postMessage({ type: 'closed' });
          port.close();
        }
      } catch (err) {
        port.postMessage({ type: 'error', message: (err as Error).message });
      }
    })();
  });
  port.postMessage({ type: 'ready' });
}

main().catch((err: Error) => port.postMessage({ type: 'error', message: `${err.message}\n${err.stack ?? ''}` }));
