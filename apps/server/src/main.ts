import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import { ConfigError, loadConfig } from './platform/config.js';
import { migrateDatabase, openDatabase } from './db/client.js';
import { buildApp } from './app.js';
import { buildPublicApi } from './public-api.js';
import { createContext, startWorkers } from './runtime.js';
import { DataDirInUseError, lockDataDir } from './platform/data-dir-lock.js';
import { markStopping } from './platform/health.routes.js';
import { releaseTrackedRuns } from './jobs/tracked-job.js';

/** SIGTERM to exit, at most (ms). */
const SHUTDOWN_MS = 9_000;

/**
 * Starts the server: validates the configuration, opens the database (PGlite in DATA_DIR/db
 * unless DATABASE_URL is set), runs migrations and, per `--role`, the web listener (PORT), the
 * public API listener (API_PORT) and/or the job workers. With `--migrate-only` it migrates the
 * database and exits.
 */
async function main(): Promise<void> {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  // The embedded database's files have one writer: a second process on the same DATA_DIR stops here.
  if (!config.databaseUrl) lockDataDir(config.dataDir);
  const database = await openDatabase({
    url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db'),
    onCrash: (err) => {
      console.error(`[db] ${err.message}; the server stops (a supervisor restarts it, and the database recovers at start)`);
      process.exit(1);
    },
  });
  await migrateDatabase(database);
  if (process.argv.includes('--migrate-only')) {
    // Deployments run this once before starting the processes (README "Running at scale").
    await database.close();
    console.log(`Mailcraft: the ${database.kind} database is migrated`);
    process.exit(0);
  }
  const ctx = await createContext(config, database);

  if (config.role !== 'web') await startWorkers(ctx);
  const listeners: FastifyInstance[] = [];
  if (config.role !== 'worker') {
    const publicApi = await buildPublicApi(ctx, { logger: true });
    listeners.push(await buildApp(ctx, { logger: true, keyedApi: publicApi }), publicApi);
    await listeners[0].listen({ port: config.port, host: config.host });
    await listeners[1].listen({ port: config.apiPort, host: config.host });
  }
  console.log(`Mailcraft ${config.role} ready on ${config.publicUrl} (${database.kind})${listeners.length ? `; public API on port ${config.apiPort}` : ''}`);

  // SIGTERM: answer not ready, stop taking requests and jobs, hand back or finish running ones, close the database — within
  // SHUTDOWN_MS in all (a hung step is cut short; the next start recovers jobs and the database).
  const shutdown = async () => {
    const deadline = setTimeout(() => {
      console.error(`Shutdown took longer than ${SHUTDOWN_MS / 1000} s; exiting`);
      process.exit(1);
    }, SHUTDOWN_MS).unref();
    markStopping(ctx);
    await Promise.all(listeners.map((l) => l.close().catch(() => {})));
    // Take no more jobs; hand long tracked runs (prints, map generations) to another worker at once;
    // give the short ones a moment to finish.
    await ctx.queue.pauseWork().catch((err: Error) => console.warn(`[jobs] ${err.message}`));
    await releaseTrackedRuns(ctx);
    await ctx.queue.stop(4_000).catch((err: Error) => console.warn(`[jobs] ${err.message}`));
    ctx.watchdog.stop();
    await database.close().catch((err: Error) => console.warn(`[db] ${err.message}`));
    clearTimeout(deadline);
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? `Configuration error: ${err.message}` : err instanceof DataDirInUseError ? err.message : err);
  process.exit(1);
});
