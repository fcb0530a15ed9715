import os from 'node:os';
import path from 'node:path';

/**
 * Runtime configuration from environment variables, with laptop defaults (DESIGN.md
 * "Configuration"). Paths are absolute after loading.
 */
export type Config = {
  /** Port of the web app and /api (default 8080). */
  port: number;
  /** Port of the public Print-on-Demand API (default 8081). */
  apiPort: number;
  host: string;
  /** Root of local data: PGlite database in `db/`, files in `files/`. */
  dataDir: string;
  /** PostgreSQL URL; unset → embedded PGlite in `dataDir/db`. */
  databaseUrl: string | null;
  /** Public base URL used for short links and per-record URLs. */
  publicUrl: string;
  /** Storage root for uploads, thumbnails and print files. */
  storageDir: string;
  /** Directory of the built web app served at /, or null when not built. */
  webDir: string | null;
  /** Process role: web (HTTP only), worker (jobs only) or all. */
  role: 'web' | 'worker' | 'all';
  /** Print render worker threads (default: one per core). */
  printWorkers: number;
  /** Old-generation heap cap of each print render thread in MB (default 256), bounding the job's RSS. */
  printWorkerHeapMb: number;
  /** Whether session cookies are marked Secure (true when PUBLIC_URL is https). */
  secureCookies: boolean;
};

/** Reads the configuration from `env` (defaults to process.env). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 8080}`).replace(/\/$/, '');
  const storage = env.STORAGE_URL?.startsWith('file://') ? env.STORAGE_URL.slice(7) : env.STORAGE_URL;
  const roleArg = process.argv.find((a) => a.startsWith('--role='))?.slice(7) ?? env.ROLE ?? 'all';
  return {
    port: Number(env.PORT ?? 8080),
    apiPort: Number(env.API_PORT ?? 8081),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || null,
    publicUrl,
    storageDir: path.resolve(storage || path.join(dataDir, 'files')),
    webDir: env.WEB_DIR === '' ? null : path.resolve(env.WEB_DIR ?? new URL('../../../web/dist', import.meta.url).pathname),
    role: roleArg === 'web' || roleArg === 'worker' ? roleArg : 'all',
    printWorkers: Math.max(1, Number(env.PRINT_WORKERS ?? 0) || os.availableParallelism()),
    printWorkerHeapMb: Math.max(64, Number(env.PRINT_WORKER_HEAP_MB ?? 0) || 256),
    secureCookies: publicUrl.startsWith('https:'),
  };
}
