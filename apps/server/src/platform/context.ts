import type { Config } from './config.js';
import type { Database, Db } from '../db/client.js';
import type { Storage } from './storage.js';
import type { JobQueue } from '../jobs/queue.js';
import type { EventBus } from '../jobs/events.js';
import type { Mailer } from './mailer.js';
import type { StallWatchdog } from './stall-watchdog.js';

/** What services need from the running app: configuration, database, files, jobs, events and mail. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  storage: Storage;
  queue: JobQueue;
  events: EventBus;
  mailer: Mailer;
  /** This process's event-loop monitor (health, stall warnings). */
  watchdog: StallWatchdog;
};
