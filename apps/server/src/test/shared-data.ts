import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * Folder of the shared sample mailing lists (us-500.csv, us-500.xlsx, letters-small.csv):
 * SHARED_DATA_DIR when set, else the copies in `fixtures/shared-data/` (see its SOURCES.md).
 */
export const SHARED_DATA_DIR: string = (() => {
  const candidates = [process.env.SHARED_DATA_DIR, `${REPO_ROOT}fixtures/shared-data`];
  return candidates.find((dir): dir is string => !!dir && fs.existsSync(`${dir}/us-500.csv`))!;
})();

/** Absolute path of one shared sample file. */
export const sharedDataFile = (name: string): string => `${SHARED_DATA_DIR}/${name}`;
