import fs from 'node:fs/promises';
import path from 'node:path';
import type { TestApp } from './harness.js';

/**
 * The storage keys under `folder` ('' for every one) of a test app's files, sorted, read from where
 * they really are (docs/architecture.md#storage): the local storage directory, or the s3rver
 * bucket under the STORAGE_URL prefix with `storage: 's3'`. Temporary files of writes in progress
 * are left out.
 */
export async function storedKeys(t: TestApp, folder = ''): Promise<string[]> {
  const settings = t.ctx.config.storage;
  const under = folder && !folder.endsWith('/') ? `${folder}/` : folder;
  if (settings.kind === 's3') {
    if (!t.s3) throw new Error('an s3 test app without its s3rver');
    const prefix = settings.prefix ? `${settings.prefix.replace(/\/+$/, '')}/` : '';
    return (await t.s3.keys(`${prefix}${under}`)).map((k) => k.slice(prefix.length));
  }
  const root = settings.dir;
  const entries = await fs.readdir(path.join(root, under), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile() && !e.name.endsWith('.tmp'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}
