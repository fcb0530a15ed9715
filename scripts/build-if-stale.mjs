// `npm start` builds only when the build is missing or older than its sources (docs/requirements/workflow.md#clear-states-and-fast-pages: a restart
// with a current build starts at once instead of rebuilding for 10 s). `--stamp` records a finished
// build (the last step of `npm run build`).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const STAMP = path.join(root, 'apps/web/dist/.build-stamp');
/** What a build produces: all present, or the build is missing. */
const OUTPUTS = ['packages/shared/dist/index.js', 'apps/server/dist/main.js', 'apps/web/dist/index.html'];
/** What a build reads: a change to any of them makes the build stale. */
const INPUTS = [
  'package.json', 'package-lock.json', 'tsconfig.base.json',
  'packages/shared/src', 'packages/shared/package.json', 'packages/shared/tsconfig.json',
  'apps/server/src', 'apps/server/drizzle', 'apps/server/package.json', 'apps/server/tsconfig.json',
  'apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json', 'apps/web/tsconfig.json',
];

/** Newest modification time (ms) under `p`, 0 when it does not exist. */
function newest(p) {
  let stat;
  try { stat = fs.statSync(p); } catch { return 0; }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

if (process.argv.includes('--stamp')) {
  fs.writeFileSync(STAMP, `${new Date().toISOString()}\n`);
  process.exit(0);
}
const stamp = newest(STAMP);
const missing = OUTPUTS.filter((o) => !fs.existsSync(path.join(root, o)));
const changed = INPUTS.find((i) => newest(path.join(root, i)) > stamp);
if (missing.length === 0 && stamp > 0 && !changed) {
  console.log('build is current: starting without rebuilding');
} else {
  console.log(missing.length ? `building: ${missing.join(', ')} missing` : stamp === 0 ? 'building: no finished build recorded' : `building: ${changed} changed since the last build`);
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
