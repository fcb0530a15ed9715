import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanStaleTempDirs, makeTempDir } from './temp-dirs.js';

const dirs: string[] = [];
afterEach(async () => { await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true }))); });

/** A folder `name` in `parent` holding one file, last modified `ageMs` ago. */
async function folder(parent: string, name: string, ageMs = 0) {
  const dir = path.join(parent, name);
  await fs.mkdir(dir);
  await fs.writeFile(path.join(dir, 'print.pdf'), '%PDF-');
  const at = new Date(Date.now() - ageMs);
  await fs.utimes(path.join(dir, 'print.pdf'), at, at);
  await fs.utimes(dir, at, at);
  return dir;
}

describe('left-behind temporary folders', () => {
  it('removes those of stopped processes and of this process before it started, and keeps live ones', async () => {
    const parent = await fs.mkdtemp(path.join(os.tmpdir(), 'mc-tmp-test-'));
    dirs.push(parent);
    const deadPid = spawnSync(process.execPath, ['-e', '']).pid!; // has exited by now
    const beforeStart = process.uptime() * 1000 + 60_000;
    const day = 24 * 60 * 60_000;
    await folder(parent, `mc-job-${deadPid}-aaaaaa`);
    await folder(parent, `mc-print-${deadPid}-bbbbbb`);
    await folder(parent, `mc-job-${process.pid}-cccccc`, beforeStart); // same id, earlier run (container restart)
    await folder(parent, `mc-job-legacy1`, day + 60_000); // older release, no id, a day untouched
    const kept = [
      await folder(parent, `mc-job-${process.pid}-dddddd`), // this process, now
      await folder(parent, `mc-print-${process.ppid}-eeeeee`, beforeStart), // another live process
      await folder(parent, `mc-job-legacy2`, 60 * 60_000),
      await folder(parent, 'mc-pdftext-ffffff', day * 2), // not a print folder
    ];
    await fs.writeFile(path.join(parent, `mc-job-${deadPid}-file`), 'not a folder');

    const removed = await cleanStaleTempDirs(parent);
    expect(removed.map((d) => path.basename(d)).sort()).toEqual(
      [`mc-job-${deadPid}-aaaaaa`, `mc-print-${deadPid}-bbbbbb`, `mc-job-${process.pid}-cccccc`, 'mc-job-legacy1'].sort(),
    );
    expect((await fs.readdir(parent)).sort()).toEqual([...kept.map((d) => path.basename(d)), `mc-job-${deadPid}-file`].sort());
  });

  it('names new folders after this process, so a later start can tell whose they are', async () => {
    const dir = await makeTempDir('job');
    dirs.push(dir);
    expect(path.basename(dir)).toMatch(new RegExp(`^mc-job-${process.pid}-\\w{6}$`));
    expect(path.dirname(dir)).toBe(os.tmpdir());
  });
});
