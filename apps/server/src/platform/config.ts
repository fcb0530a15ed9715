import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { StorageSettings } from './storage.js';
import {
  PERMIT_LINE_MAX, PRODUCT_PERMIT_NUMBER_MAX, productPermitIndicia, WEBHOOK_RETRY_SCHEDULE_SECONDS, type TIndicia,
} from '@mailcraft/shared';

/** An optional environment value: unset and empty both mean "use the default". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const port = (name: string) =>
  z.coerce.number({ error: `${name} must be a port number (1–65535)` })
    .int(`${name} must be a whole port number`)
    .min(1, `${name} must be between 1 and 65535`).max(65535, `${name} must be between 1 and 65535`);

const httpUrl = (name: string) => z.url({ error: `${name} must be an absolute http(s) URL`, protocol: /^https?$/ });

/**
 * `TRUST_PROXY` (docs/architecture.md#security-baseline): unset or 'false' → no proxy is trusted and `X-Forwarded-*` headers
 * are ignored; 'true' → every hop is trusted; a whole number → that many hops; anything else →
 * a comma-separated list of addresses or CIDR ranges of the trusted proxies (Fastify `trustProxy`).
 */
const trustProxy = z.string().transform((v): boolean | number | string[] => {
  const t = v.trim().toLowerCase();
  if (t === '' || t === 'false') return false;
  if (t === 'true') return true;
  if (/^\d+$/.test(t)) return Number(t);
  return t.split(',').map((s) => s.trim()).filter(Boolean);
});

/**
 * The environment variables the server reads (docs/architecture.md#configuration), validated at start-up:
 * a bad value stops the process with a message naming the variable. `.env.example` lists them.
 */
const ZEnvSchema = z.object({
  PORT: optional(port('PORT')).default(8080).describe('Port of the web app and /api'),
  API_PORT: optional(port('API_PORT')).default(8081).describe('Port of the public Print-on-Demand API'),
  HOST: optional(z.string()).default('0.0.0.0').describe('Interface both listeners bind to'),
  DATA_DIR: optional(z.string()).default('./data').describe('Embedded database in db/, files in files/'),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL'))
    .describe('PostgreSQL URL; unset → embedded PGlite'),
  PUBLIC_URL: optional(z.url({ error: 'PUBLIC_URL must be an absolute http(s) URL', protocol: /^https?$/ }))
    .describe('Base URL of the app, short links and per-record URLs'),
  STORAGE_URL: optional(z.string()).describe('File storage: a directory (a path or file:///path) or s3://bucket/prefix; unset → DATA_DIR/files'),
  S3_ENDPOINT: optional(httpUrl('S3_ENDPOINT')).describe('Endpoint of an S3-compatible service (MinIO, R2 …) for s3:// storage; unset → AWS S3'),
  S3_REGION: optional(z.string().trim().min(1)).default('us-east-1').describe('Region of the s3:// storage bucket'),
  S3_FORCE_PATH_STYLE: optional(z.enum(['true', 'false'], { error: 'S3_FORCE_PATH_STYLE must be true or false' })).default('false')
    .describe('Address the bucket as {endpoint}/{bucket} instead of {bucket}.{endpoint} (most S3-compatible services)'),
  WEB_DIR: z.string().optional().describe('Built web app served at /; empty → none'),
  ROLE: optional(z.enum(['all', 'web', 'worker'], { error: 'ROLE must be all, web or worker' })).default('all')
    .describe('Process role'),
  PRINT_WORKERS: optional(z.coerce.number().int().min(1, 'PRINT_WORKERS must be 1 or more').max(64, 'PRINT_WORKERS must be at most 64'))
    .describe('Print render threads; unset → one per core'),
  PRINT_WORKER_HEAP_MB: optional(z.coerce.number().int().min(64, 'PRINT_WORKER_HEAP_MB must be at least 64')).default(256)
    .describe('Old-generation heap cap of each print render thread in MB'),
  TRUST_PROXY: optional(trustProxy).default(false).describe('Which reverse proxies to trust for X-Forwarded-*'),
  SCAN_RATE_LIMIT: optional(z.coerce.number().int().min(0, 'SCAN_RATE_LIMIT must be 0 or more')).default(600)
    .describe('Short-link requests per minute from one client address (IPv6 /64); 0 turns the limit off'),
  ALLOW_PRIVATE_WEBHOOKS: optional(z.enum(['true', 'false'], { error: 'ALLOW_PRIVATE_WEBHOOKS must be true or false' })).default('false')
    .describe('Let webhooks reach loopback, private and link-local addresses (tests, closed networks)'),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL'))
    .describe('SMTP server for mail (password resets, SMS and email notifications); unset → messages are kept in the outbox table'),
  ADMIN_EMAIL: optional(z.string().trim().toLowerCase().email('ADMIN_EMAIL must be an email address'))
    .describe('Email whose sign-up becomes the operator while the server has none (instead of the setup code from the log)'),
  MAIL_FROM: optional(z.string().min(3)).default('Mailcraft <no-reply@localhost>').describe('Sender of the mail the app sends'),
  PRODUCT_PERMIT_NUMBER: optional(z.string().trim().min(1).max(PRODUCT_PERMIT_NUMBER_MAX, `PRODUCT_PERMIT_NUMBER must be at most ${PRODUCT_PERMIT_NUMBER_MAX} characters`))
    .describe('Number of the operator\'s permit imprint that projects may mail under; with PRODUCT_PERMIT_CITY, else no product permit'),
  PRODUCT_PERMIT_CITY: optional(z.string().trim().min(1).max(PERMIT_LINE_MAX, `PRODUCT_PERMIT_CITY must be at most ${PERMIT_LINE_MAX} characters`))
    .describe('City and state of the permit\'s entry post office, e.g. "AUSTIN, TX"'),
  WEBHOOK_RETRY_SCHEDULE: optional(z.string().regex(/^\d+(,\d+)*$/, 'WEBHOOK_RETRY_SCHEDULE must be seconds separated by commas'))
    .describe('Seconds before each delivery attempt (tests shorten it); default the Standard Webhooks schedule'),
  NOTIFICATION_RETRY_DELAY_SECONDS: optional(z.coerce.number().int().min(0).max(3600))
    .describe('Overrides every notification\'s retry delay (tests shorten it); unset → each notification\'s retry_delay'),
  MAP_GEOCODER_URL: optional(httpUrl('MAP_GEOCODER_URL')).describe('Nominatim (…/search) or US Census geocoder base URL; unset → offline ZIP centroids'),
  MAP_GEOCODER: optional(z.enum(['nominatim', 'census'], { error: 'MAP_GEOCODER must be nominatim or census' })).default('nominatim')
    .describe('Which protocol MAP_GEOCODER_URL speaks'),
  MAP_ROUTER_URL: optional(httpUrl('MAP_ROUTER_URL')).describe('OSRM server base URL (…/route/v1/driving); unset → offline routing'),
  MAP_ROADS_GEOJSON: optional(z.string()).describe('GeoJSON road network (LineStrings) for offline routing and drawing; unset → straight-line estimates'),
  MAP_TILE_URL: optional(z.string().regex(/^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/, 'MAP_TILE_URL must be an http(s) URL with {z}, {x} and {y}'))
    .describe('XYZ raster tile URL for map images and the screen; unset → the offline base map'),
  MAP_PMTILES_FILE: optional(z.string().regex(/\.pmtiles$/, 'MAP_PMTILES_FILE must be a .pmtiles file'))
    .describe('A local .pmtiles archive of raster tiles for map images and the screen (when MAP_TILE_URL is unset)'),
  MAP_STYLE_URL: optional(httpUrl('MAP_STYLE_URL')).describe('MapLibre style URL for the screen ({style} is replaced by the map style id)'),
  MAP_API_KEY: optional(z.string().max(200)).describe('Browser-safe key of the map service, handed to the screen'),
  MAP_ATTRIBUTION: optional(z.string().max(200)).describe('Attribution drawn on maps; default © OpenStreetMap contributors'),
  MAP_REQUESTS_PER_SECOND: optional(z.coerce.number().min(0.1).max(1000)).default(10)
    .describe('Calls per second to each map service (Nominatim\'s public server allows 1)'),
  IV_MTR_URL: optional(httpUrl('IV_MTR_URL'))
    .describe('USPS IV-MTR piece-scan API the tracking pull fetches new scans from (with IV_MTR_USERNAME and IV_MTR_PASSWORD); unset → no pull'),
  IV_MTR_TOKEN_URL: optional(httpUrl('IV_MTR_TOKEN_URL')).default('https://services.usps.com/oauth/authenticate')
    .describe('Where the IV-MTR pull gets its access token (USPS IV-MTR API Developer Toolkit)'),
  IV_MTR_USERNAME: optional(z.string().trim().min(1).max(200)).describe('Business Customer Gateway user of the IV-MTR pull'),
  IV_MTR_PASSWORD: optional(z.string().min(1).max(200)).describe('Password of IV_MTR_USERNAME'),
  IV_MTR_CLIENT_ID: optional(z.string().trim().min(1).max(100)).default('687b8a36-db61-42f7-83f7-11c79bf7785e')
    .describe('OAuth client id the IV-MTR token request names (the toolkit\'s published one by default)'),
  TRACKING_SIMULATION_SECONDS: optional(z.coerce.number().min(1, 'TRACKING_SIMULATION_SECONDS must be at least 1').max(110, 'TRACKING_SIMULATION_SECONDS must be at most 110'))
    .default(90).describe('Seconds a simulated delivery spreads its scans over (tests shorten it); every piece is delivered within 2 minutes'),
});

/**
 * Runtime configuration with laptop defaults (docs/architecture.md#configuration). Paths are absolute.
 */
export type Config = {
  /** Port of the web app and /api (default 8080). */
  port: number;
  /** Port of the public Print-on-Demand API (default 8081). */
  apiPort: number;
  host: string;
  /** Root of local data: PGlite database in `db/`, files in `files/`. */
  dataDir: string;
  /** PostgreSQL URL; null → embedded PGlite in `dataDir/db`. */
  databaseUrl: string | null;
  /** Public base URL (no trailing slash) used for short links and per-record URLs. */
  publicUrl: string;
  /** Local storage root for uploads, thumbnails and print files; with S3 storage `DATA_DIR/files`, unused. */
  storageDir: string;
  /**
   * Where files are kept (docs/architecture.md#storage): `{ kind: 'local', dir }` (= storageDir) or, for
   * STORAGE_URL `s3://bucket/prefix`, `{ kind: 's3', bucket, prefix, endpoint, region, forcePathStyle }`.
   * S3 credentials are not configuration: the AWS SDK reads its own chain (AWS_ACCESS_KEY_ID …).
   */
  storage: StorageSettings;
  /** Directory of the built web app served at /, or null when not built. */
  webDir: string | null;
  /** Process role: web (HTTP only), worker (jobs only) or all. */
  role: 'web' | 'worker' | 'all';
  /** Print render worker threads (default: one per core). */
  printWorkers: number;
  /** Old-generation heap cap of each print render thread in MB (default 256), bounding the job's RSS. */
  printWorkerHeapMb: number;
  /** Fastify `trustProxy`: false unless TRUST_PROXY names the proxies in front of the app. */
  trustProxy: boolean | number | string[];
  /** Whether session cookies are always marked Secure (PUBLIC_URL is https). */
  secureCookies: boolean;
  /** Short-link requests per minute per client address (default 600); 0 = no limit. */
  scanRateLimit: number;
  /** Whether webhook endpoints may be loopback, private or link-local addresses (default false: SSRF guard). */
  allowPrivateWebhooks: boolean;
  /** Seconds before each delivery attempt, the first normally 0 (default WEBHOOK_RETRY_SCHEDULE_SECONDS). */
  webhookRetrySchedule: number[];
  /** Seconds between notification retries for every notification (NOTIFICATION_RETRY_DELAY_SECONDS, tests), or null: each its own. */
  notificationRetryDelay: number | null;
  /** SMTP server URL (SMTP_URL), or null: mail is kept in the outbox table (sign-in mail also logged). */
  smtpUrl: string | null;
  /** Sender address of outgoing mail (MAIL_FROM). */
  mailFrom: string;
  /** ADMIN_EMAIL, lower-cased: its sign-up becomes the operator while none exists; null → only the setup code does. */
  adminEmail: string | null;
  /** Map providers (docs/requirements/maps.md#maps, docs/decisions/README.md#library-choices): unset URLs → the offline defaults. */
  maps: {
    geocoderUrl: string | null;
    geocoder: 'nominatim' | 'census';
    routerUrl: string | null;
    roadsGeojson: string | null;
    tileUrl: string | null;
    pmtilesFile: string | null;
    styleUrl: string | null;
    apiKey: string | null;
    attribution: string;
    requestsPerSecond: number;
  };
  /** The operator's own permit indicia (PRODUCT_PERMIT_NUMBER + PRODUCT_PERMIT_CITY), or null: not offered. */
  productPermit: TIndicia | null;
  /** Mail tracking (docs/requirements/mail-tracking.md#scan-data, #test-mode). */
  tracking: {
    /** The IV-MTR pull's API and credentials, or null: no pull (IV_MTR_URL unset). */
    ivmtr: { url: string; tokenUrl: string; username: string; password: string; clientId: string } | null;
    /** Seconds a simulated delivery spreads its scans over (TRACKING_SIMULATION_SECONDS, default 90). */
    simulationSeconds: number;
  };
};

/** Thrown by `loadConfig` for an invalid variable; the message names it. */
export class ConfigError extends Error {}

/** A URL scheme at the start of a value ('s3:', 'https:'); one letter is a Windows drive, not a scheme. */
const URL_SCHEME = /^([a-z][a-z0-9+.-]+):/i;

/** An S3 bucket name (AWS rules): 3–63 lower-case letters, digits, dots and hyphens, a letter or digit at each end. */
const S3_BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * The bucket and prefix of STORAGE_URL `s3://bucket/optional/prefix` (prefix without its outer
 * slashes, '' for none). Throws ConfigError for a bad bucket name or a prefix with an empty, `.` or
 * `..` segment.
 */
function s3Location(value: string): { bucket: string; prefix: string } {
  const [, bucket, rest = ''] = /^s3:\/\/([^/?#]*)(?:\/([^?#]*))?$/i.exec(value) ?? [];
  if (bucket === undefined || !S3_BUCKET.test(bucket)) {
    throw new ConfigError('STORAGE_URL must be s3://bucket/prefix with a valid bucket name (3–63 lower-case letters, digits, dots and hyphens)');
  }
  const prefix = rest.replace(/^\/+|\/+$/g, '');
  if (prefix && prefix.split('/').some((s) => s === '' || s === '.' || s === '..')) {
    throw new ConfigError('STORAGE_URL prefix must be folder names separated by single slashes (no . or ..)');
  }
  return { bucket, prefix };
}

/**
 * What STORAGE_URL names: a plain path as it is, a `file://` URL (host empty or localhost) as its
 * decoded path, `s3://bucket/prefix` as that bucket and prefix (`s3Location`). Any other scheme
 * (gs://, https:// …) throws ConfigError rather than becoming a folder named after it.
 */
function storageLocation(value: string): { dir: string } | { bucket: string; prefix: string } {
  const scheme = URL_SCHEME.exec(value)?.[1].toLowerCase();
  if (!scheme) return { dir: value };
  if (scheme === 's3') return s3Location(value);
  if (scheme !== 'file') {
    throw new ConfigError(`STORAGE_URL scheme '${scheme}:' is not supported; give a directory path, a file:///path URL or s3://bucket/prefix`);
  }
  try {
    return { dir: fileURLToPath(value) };
  } catch {
    throw new ConfigError('STORAGE_URL must be a file:///path URL on this machine (no other host)');
  }
}

/**
 * Reads and validates the configuration from `env` (default process.env); `--role=` on the
 * command line overrides ROLE. Throws ConfigError naming the first bad variable, e.g.
 * 'PORT must be a port number (1–65535)'.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: string[] = process.argv): Config {
  const roleArg = argv.find((a) => a.startsWith('--role='))?.slice(7);
  const parsed = ZEnvSchema.safeParse({ ...env, ...(roleArg ? { ROLE: roleArg } : {}) });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(issue.message.includes(name) ? issue.message : `${name}: ${issue.message}`);
  }
  const e = parsed.data;
  if (!e.PRODUCT_PERMIT_NUMBER !== !e.PRODUCT_PERMIT_CITY) {
    throw new ConfigError('PRODUCT_PERMIT_NUMBER and PRODUCT_PERMIT_CITY must be set together (a permit imprint needs both)');
  }
  if (e.IV_MTR_URL && (!e.IV_MTR_USERNAME || !e.IV_MTR_PASSWORD)) {
    throw new ConfigError('IV_MTR_URL needs IV_MTR_USERNAME and IV_MTR_PASSWORD (the IV-MTR pull signs in with them)');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const location = e.STORAGE_URL ? storageLocation(e.STORAGE_URL) : { dir: '' };
  const storageDir = path.resolve(('dir' in location && location.dir) || path.join(dataDir, 'files'));
  return {
    port: e.PORT,
    apiPort: e.API_PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    publicUrl,
    storageDir,
    storage: 'dir' in location
      ? { kind: 'local', dir: storageDir }
      : {
        kind: 's3', ...location, endpoint: e.S3_ENDPOINT?.replace(/\/$/, '') ?? null, region: e.S3_REGION,
        forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
      },
    webDir: e.WEB_DIR === '' ? null : path.resolve(e.WEB_DIR ?? new URL('../../../web/dist', import.meta.url).pathname),
    role: e.ROLE,
    printWorkers: e.PRINT_WORKERS ?? os.availableParallelism(),
    printWorkerHeapMb: e.PRINT_WORKER_HEAP_MB,
    trustProxy: e.TRUST_PROXY,
    secureCookies: publicUrl.startsWith('https:'),
    scanRateLimit: e.SCAN_RATE_LIMIT,
    allowPrivateWebhooks: e.ALLOW_PRIVATE_WEBHOOKS === 'true',
    webhookRetrySchedule: e.WEBHOOK_RETRY_SCHEDULE ? e.WEBHOOK_RETRY_SCHEDULE.split(',').map(Number) : [...WEBHOOK_RETRY_SCHEDULE_SECONDS],
    notificationRetryDelay: e.NOTIFICATION_RETRY_DELAY_SECONDS ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    adminEmail: e.ADMIN_EMAIL ?? null,
    maps: {
      geocoderUrl: e.MAP_GEOCODER_URL?.replace(/\/$/, '') ?? null,
      geocoder: e.MAP_GEOCODER,
      routerUrl: e.MAP_ROUTER_URL?.replace(/\/$/, '') ?? null,
      roadsGeojson: e.MAP_ROADS_GEOJSON ? path.resolve(e.MAP_ROADS_GEOJSON) : null,
      tileUrl: e.MAP_TILE_URL ?? null,
      pmtilesFile: e.MAP_PMTILES_FILE ? path.resolve(e.MAP_PMTILES_FILE) : null,
      styleUrl: e.MAP_STYLE_URL ?? null,
      apiKey: e.MAP_API_KEY ?? null,
      attribution: e.MAP_ATTRIBUTION ?? '© OpenStreetMap contributors',
      requestsPerSecond: e.MAP_REQUESTS_PER_SECOND,
    },
    productPermit: e.PRODUCT_PERMIT_NUMBER && e.PRODUCT_PERMIT_CITY
      ? productPermitIndicia(e.PRODUCT_PERMIT_NUMBER.toUpperCase(), e.PRODUCT_PERMIT_CITY.toUpperCase())
      : null,
    tracking: {
      ivmtr: e.IV_MTR_URL && e.IV_MTR_USERNAME && e.IV_MTR_PASSWORD
        ? { url: e.IV_MTR_URL, tokenUrl: e.IV_MTR_TOKEN_URL, username: e.IV_MTR_USERNAME, password: e.IV_MTR_PASSWORD, clientId: e.IV_MTR_CLIENT_ID }
        : null,
      simulationSeconds: e.TRACKING_SIMULATION_SECONDS,
    },
  };
}
