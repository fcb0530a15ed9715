import { LocalStorage, type Storage, type StorageSettings } from './storage.js';

/**
 * The `Storage` that `settings` (`Config.storage`, docs/architecture.md#storage) describes:
 * `LocalStorage` on its directory, or `S3Storage` on its bucket and prefix with credentials from
 * the AWS SDK's own chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, an instance
 * role …). The AWS SDK (about 150 ms and 30 MB to load) is imported only when S3 is chosen. Makes
 * no request: a wrong bucket or credentials show at the first file read or write.
 */
export async function openStorage(settings: StorageSettings): Promise<Storage> {
  if (settings.kind === 'local') return new LocalStorage(settings.dir);
  const { S3Storage } = await import('./s3-storage.js');
  return new S3Storage(settings);
}
