import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './platform/config.js';
import { LocalStorage } from './platform/storage.js';
import { migrateDatabase, openDatabase } from './db/client.js';
import { startQueue } from './jobs/queue.js';
import { buildApp } from './app.js';
import { jobModules } from './modules/index.js';
import { seedFonts } from './modules/fonts/fonts.service.js';
import type { AppContext } from './platform/context.js';

/**
 * Starts the server: opens the database (PGlite in DATA_DIR/db unless DATABASE_URL is set), runs
 * migrations, starts the job queue and, per `--role`, the HTTP server and/or the job workers.
 */
async function main(): Promise<void> {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
  await migrateDatabase(database);
  const queue = await startQueue(database);
  const ctx: AppContext = { config, database, db: database.db, storage: new LocalStorage(config.storageDir), queue };

  await seedFonts(ctx);
  if (config.role !== 'web') for (const start of jobModules) await start(ctx);
  const app = config.role === 'worker' ? null : await buildApp(ctx, { logger: true });
  if (app) await app.listen({ port: config.port, host: config.host });
  console.log(`Mailcraft ${config.role} ready on ${config.publicUrl} (${database.kind})`);

  const shutdown = async () => {
    await app?.close();
    await queue.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
