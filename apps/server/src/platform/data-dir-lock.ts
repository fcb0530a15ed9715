import fs from 'node:fs';
import path from 'node:path';

/** The lock file's name inside DATA_DIR. */
export const LOCK_FILE = 'mailcraft.pid';

/** Thrown when another live process holds DATA_DIR. */
export class DataDirInUseError extends Error {
  constructor(readonly dataDir: string, readonly pid: number) {
    super(`DATA_DIR ${dataDir} is in use by process ${pid}. Stop that process, or give this one its own DATA_DIR.`);
  }
}

/** Whether `pid` names a running Node.js process (so a reused pid of another program is stale). */
function isLiveNodeProcess(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: it exists but belongs to another user — treat as alive.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    return /node/i.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return true; // no /proc (macOS): a live pid is taken as the holder
  }
}

/**
 * Takes the exclusive lock on `dataDir` for this process: the embedded database's files must have
 * one writer, or a second process corrupts them. Creates `DATA_DIR/mailcraft.pid` holding the pid
 * (O_EXCL, so two starts cannot both win); a lock left by a process that is gone (crash, `kill -9`)
 * is taken over. Released by the returned function and, as a fallback, at process exit.
 * Throws `DataDirInUseError` when a live process holds it — before anything touches the database.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      const release = () => {
        try {
          if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
        } catch { /* already gone */ }
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const holder = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isLiveNodeProcess(holder)) {
      throw new DataDirInUseError(dataDir, holder);
    }
    fs.rmSync(file, { force: true }); // stale: its process is gone
  }
  throw new Error(`Could not take the lock ${file}`);
}
