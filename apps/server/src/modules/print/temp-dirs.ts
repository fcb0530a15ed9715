import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** The kinds of temporary folders print rendering makes: a job's output, a print file's chunks. */
export type TempDirKind = 'job' | 'print';
const NAME = /^mc-(job|print)-(?:(\d+)-)?/;
/** How old a folder of another live process (or of no recorded process) must be to count as left behind. */
const FOREIGN_MAX_AGE_MS = 24 * 60 * 60_000;

/**
 * Makes a temporary folder in os.tmpdir() named `mc-{kind}-{pid}-XXXXXX`: the process id lets
 * `cleanStaleTempDirs` tell folders left by a crashed process from those of a live one.
 */
export const makeTempDir = (kind: TempDirKind) => fs.mkdtemp(path.join(os.tmpdir(), `mc-${kind}-${process.pid}-`));

/** Whether a process with this id is running (signal 0 only checks; EPERM means it exists). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The newest modification time (ms) of a folder and its direct entries (a growing file keeps it young). */
async function lastModified(dir: string): Promise<number> {
  let newest = (await fs.stat(dir)).mtimeMs;
  for (const entry of await fs.readdir(dir)) {
    const stat = await fs.stat(path.join(dir, entry)).catch(() => null);
    if (stat) newest = Math.max(newest, stat.mtimeMs);
  }
  return newest;
}

/**
 * Removes the temporary print folders (`mc-job-*`, `mc-print-*`) that a crashed or killed
 * process left in `dir` (os.tmpdir() by default) and returns their paths. Call at start-up,
 * before print jobs run (docs/architecture.md#print-renderer). A folder counts as left behind when its recorded process
 * is not running, or is this process but the folder predates this start (ids are reused, e.g. in
 * containers); a folder of another live process, or without a recorded process (older releases),
 * only once untouched for 24 hours. Folders that vanish meanwhile are skipped; never throws for one folder.
 */
export async function cleanStaleTempDirs(dir = os.tmpdir(), now = Date.now()): Promise<string[]> {
  const startedAt = now - process.uptime() * 1000;
  const removed: string[] = [];
  for (const name of await fs.readdir(dir)) {
    const match = NAME.exec(name);
    if (!match) continue;
    const full = path.join(dir, name);
    try {
      if (!(await fs.stat(full)).isDirectory()) continue;
      const pid = match[2] ? Number(match[2]) : null;
      const modified = await lastModified(full);
      const stale = pid === null ? now - modified > FOREIGN_MAX_AGE_MS
        : pid === process.pid ? modified < startedAt
        : !isRunning(pid) || now - modified > FOREIGN_MAX_AGE_MS;
      if (!stale) continue;
      await fs.rm(full, { recursive: true, force: true });
      removed.push(full);
    } catch {
      // removed by its owner meanwhile, or not ours to read: leave it
    }
  }
  return removed;
}
