import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import { ConfigError, loadConfig } from './platform/config.js';
import { migrateDatabase, openDatabase } from './db/client.js';
import { buildApp } from './app.js';
import { buildPublicApi } from './public-api.js';
import { createContext, startWorkers } from './runtime.js';

/**
 * Starts the server: validates the configuration, opens the database (PGlite in DATA_DIR/db
 * unless DATABASE_URL is set), runs migrations and, per `--role`, the web listener (PORT), the
 * public API listener (API_PORT) and/or the job workers.
 */
async function main(): Promise<void> {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
  await migrateDatabase(database);
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

  const shutdown = async () => {
    for (const l of listeners) await l.close();
    await ctx.queue.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? `Configuration error: ${err.message}` : err);
  process.exit(1);
});
