import { createRequire } from 'node:module';

/** A ZIP code's primary city and state (`zipcodes`: USPS ZIP codes with their preferred city), with the city's `cityKey`. */
export type ZipPlace = { city: string; state: string; cityKey: string };
type ZipCodes = { codes: Record<string, { zip: string; city: string; state: string; country: string }> };

const require = createRequire(import.meta.url);
let codes: ZipCodes['codes'] | null = null;
const places = new Map<string, ZipPlace | null>();
/** `${state}|${cityKey}` → the city's ZIP codes in that state, in the database's order (ascending). */
let cityZipIndex: Map<string, string[]> | null = null;

/** The `zipcodes` data (~44,000 US and Canadian codes), loaded on first use. */
function zipCodes(): ZipCodes['codes'] {
  codes ??= (require('zipcodes') as ZipCodes).codes;
  return codes;
}

/**
 * A city name reduced for comparison: upper case, letters and digits only, Saint/Mount/Fort
 * abbreviated as USPS does (Pub 28 appendix C), so 'St. Louis', 'Saint Louis' and 'ST LOUIS' match.
 */
export function cityKey(city: string): string {
  return city.toUpperCase().replace(/\bSAINT\b/g, 'ST').replace(/\bMOUNT\b/g, 'MT').replace(/\bFORT\b/g, 'FT').replace(/[^A-Z0-9]/g, '');
}

/** The US place of a 5-digit ZIP code, or null when the ZIP database does not have it. Lookups are cached. */
export function zipPlace(zip5: string): ZipPlace | null {
  let place = places.get(zip5);
  if (place === undefined) {
    const found = zipCodes()[zip5];
    place = found && found.country === 'US' ? { city: found.city, state: found.state, cityKey: cityKey(found.city) } : null;
    places.set(zip5, place);
  }
  return place;
}

/** The ZIP codes the `zipcodes` database lists for `city` (any spelling `cityKey` matches) in `state`; empty when none. */
export function cityZips(city: string, state: string): readonly string[] {
  if (!cityZipIndex) {
    cityZipIndex = new Map();
    for (const c of Object.values(zipCodes())) {
      if (c.country !== 'US') continue;
      const key = `${c.state}|${cityKey(c.city)}`;
      let zips = cityZipIndex.get(key);
      if (!zips) cityZipIndex.set(key, (zips = []));
      zips.push(c.zip);
    }
  }
  return cityZipIndex.get(`${state}|${cityKey(city)}`) ?? [];
}

/**
 * Whether `city` has a ZIP code in `state` with the same 3-digit prefix as `zip5`: the ZIP
 * database holds one city per ZIP, but USPS accepts other names for many ZIPs (a neighbourhood,
 * a township), and those share the ZIP's sectional center.
 */
export function cityNearZip(city: string, state: string, zip5: string): boolean {
  const prefix = zip5.slice(0, 3);
  return cityZips(city, state).some((zip) => zip.startsWith(prefix));
}
