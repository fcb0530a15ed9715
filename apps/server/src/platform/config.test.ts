import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('runs on laptop defaults', () => {
    const c = loadConfig({}, []);
    expect(c).toMatchObject({ port: 8080, apiPort: 8081, role: 'all', databaseUrl: null, publicUrl: 'http://localhost:8080', trustProxy: false });
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.storageDir).toBe(path.resolve('./data/files'));
    expect(c.storage).toEqual({ kind: 'local', dir: path.resolve('./data/files') });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a port number (1–65535)'],
    [{ PORT: '70000' }, 'PORT must be between 1 and 65535'],
    [{ API_PORT: '8.5' }, 'API_PORT must be a whole port number'],
    [{ ROLE: 'admin' }, 'ROLE must be all, web or worker'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres:// URL'],
    [{ PUBLIC_URL: 'localhost:8080' }, 'PUBLIC_URL must be an absolute http(s) URL'],
    [{ PRINT_WORKERS: '0' }, 'PRINT_WORKERS must be 1 or more'],
    [{ ADMIN_EMAIL: 'operator' }, 'ADMIN_EMAIL must be an email address'],
  ])('stops on %o naming the variable', (env, message) => {
    expect(() => loadConfig(env, [])).toThrow(new ConfigError(message));
  });

  it('offers the product permit only complete: number and city together, each fitting its indicia line', () => {
    expect(loadConfig({}, []).productPermit).toBeNull();
    expect(loadConfig({ PRODUCT_PERMIT_NUMBER: '1234', PRODUCT_PERMIT_CITY: 'Austin, TX' }, []).productPermit).toEqual({
      line1: 'PRESORTED', line2: 'STANDARD', line3: 'U.S. POSTAGE', line4: 'PAID', line5: 'PERMIT NO. 1234', line6: 'AUSTIN, TX',
    });
    expect(() => loadConfig({ PRODUCT_PERMIT_NUMBER: '1234' }, [])).toThrow('PRODUCT_PERMIT_NUMBER and PRODUCT_PERMIT_CITY must be set together');
    expect(() => loadConfig({ PRODUCT_PERMIT_NUMBER: '1234567890', PRODUCT_PERMIT_CITY: 'X' }, [])).toThrow('PRODUCT_PERMIT_NUMBER must be at most 9 characters');
  });

  it('reads --role= over ROLE, and TRUST_PROXY as off, all, a hop count or a list', () => {
    expect(loadConfig({ ROLE: 'web' }, ['node', 'main.js', '--role=worker']).role).toBe('worker');
    expect(() => loadConfig({}, ['--role=boss'])).toThrow('ROLE must be all, web or worker');
    expect(loadConfig({ TRUST_PROXY: 'false' }, []).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }, []).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }, []).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }, []).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16']);
  });

  it('marks cookies Secure when PUBLIC_URL is https and takes file:// storage', () => {
    const c = loadConfig({ PUBLIC_URL: 'https://mail.example.com/', STORAGE_URL: 'file:///srv/mailcraft' }, []);
    expect(c).toMatchObject({ publicUrl: 'https://mail.example.com', secureCookies: true, storageDir: '/srv/mailcraft' });
  });

  it('reads ADMIN_EMAIL lower-cased; unset, only the setup code makes the operator', () => {
    expect(loadConfig({}, []).adminEmail).toBeNull();
    expect(loadConfig({ ADMIN_EMAIL: ' Ops@Example.COM ' }, []).adminEmail).toBe('ops@example.com');
  });

  it('takes a plain storage path, and refuses a STORAGE_URL scheme it cannot write to instead of making a folder of it', () => {
    expect(loadConfig({ STORAGE_URL: '/srv/files' }, []).storageDir).toBe('/srv/files');
    expect(loadConfig({ STORAGE_URL: 'files/here' }, []).storageDir).toBe(path.resolve('files/here'));
    expect(loadConfig({ STORAGE_URL: 'file://localhost/srv/m%20c' }, []).storageDir).toBe('/srv/m c');
    expect(loadConfig({ STORAGE_URL: '/srv/files' }, []).storage).toEqual({ kind: 'local', dir: '/srv/files' });
    for (const url of ['gs://bucket', 'https://files.example.com/x', 'ftp://host/dir']) {
      expect(() => loadConfig({ STORAGE_URL: url }, []), url).toThrow(ConfigError);
      expect(() => loadConfig({ STORAGE_URL: url }, []), url).toThrow(/^STORAGE_URL .*not supported/);
    }
    expect(() => loadConfig({ STORAGE_URL: 'file://other-host/srv' }, [])).toThrow(/^STORAGE_URL/);
  });

  it('takes s3://bucket/prefix storage with its endpoint, region and addressing; credentials stay with the AWS SDK', () => {
    const c = loadConfig({
      DATA_DIR: '/srv/mc', STORAGE_URL: 's3://mailcraft-files/prod/files/', S3_ENDPOINT: 'https://minio.internal:9000/',
      S3_REGION: 'eu-central-1', S3_FORCE_PATH_STYLE: 'true', AWS_ACCESS_KEY_ID: 'AKIAFAKE', AWS_SECRET_ACCESS_KEY: 'fake-secret',
    }, []);
    expect(c.storage).toEqual({
      kind: 's3', bucket: 'mailcraft-files', prefix: 'prod/files', endpoint: 'https://minio.internal:9000', region: 'eu-central-1', forcePathStyle: true,
    });
    expect(JSON.stringify(c)).not.toMatch(/AKIAFAKE|fake-secret/);
    expect(c.storageDir).toBe('/srv/mc/files'); // unused with S3, kept for callers that read it
    // AWS S3 itself: no endpoint, us-east-1, virtual-hosted addressing, no prefix; the scheme in any case.
    expect(loadConfig({ STORAGE_URL: 'S3://mailcraft-files' }, []).storage).toEqual({
      kind: 's3', bucket: 'mailcraft-files', prefix: '', endpoint: null, region: 'us-east-1', forcePathStyle: false,
    });
  });

  it.each([
    [{ STORAGE_URL: 's3://' }, /^STORAGE_URL must be s3:\/\/bucket\/prefix with a valid bucket name/],
    [{ STORAGE_URL: 's3://My_Bucket/x' }, /^STORAGE_URL must be s3:\/\/bucket\/prefix with a valid bucket name/],
    [{ STORAGE_URL: 's3://bucket/a/../b' }, /^STORAGE_URL prefix must be folder names/],
    [{ STORAGE_URL: 's3://bucket/a//b' }, /^STORAGE_URL prefix must be folder names/],
    [{ STORAGE_URL: 's3://bucket', S3_ENDPOINT: 'minio:9000' }, /^S3_ENDPOINT must be an absolute http\(s\) URL/],
    [{ STORAGE_URL: 's3://bucket', S3_FORCE_PATH_STYLE: 'yes' }, /^S3_FORCE_PATH_STYLE must be true or false/],
  ])('stops on the S3 storage settings %o naming the variable', (env, message) => {
    expect(() => loadConfig(env, [])).toThrow(ConfigError);
    expect(() => loadConfig(env, [])).toThrow(message);
  });
});
