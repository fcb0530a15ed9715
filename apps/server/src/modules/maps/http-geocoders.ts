import type { Geocoder } from './geocoder.js';
import type { ProviderHttp } from './provider-http.js';

/**
 * Nominatim's structured search (`/search?format=jsonv2&street&city&state&postalcode&countrycodes=us&limit=1`,
 * nominatim.org/release-docs/latest/api/Search): `precision: 'address'`. `baseUrl` without `/search`.
 */
export function nominatimGeocoder(baseUrl: string, http: ProviderHttp): Geocoder {
  return {
    name: `Nominatim (${new URL(baseUrl).host})`,
    zipOnly: false,
    async geocode(q) {
      const params = new URLSearchParams({
        format: 'jsonv2', street: q.address, city: q.city, state: q.state, postalcode: q.zip, countrycodes: 'us', limit: '1', addressdetails: '1',
      });
      const hits = await http.getJson<Array<{ lat: string; lon: string; address?: { city?: string; town?: string; state?: string } }>>(`${baseUrl}/search?${params}`);
      const hit = hits[0];
      if (!hit) return null;
      return { latitude: Number(hit.lat), longitude: Number(hit.lon), precision: 'address', city: hit.address?.city ?? hit.address?.town ?? null, state: null };
    },
  };
}

/**
 * The US Census Bureau geocoder's one-line-per-field address lookup
 * (`/locations/address?street&city&state&zip&benchmark=Public_AR_Current&format=json`,
 * geocoding.geo.census.gov): `coordinates.x` is longitude, `.y` latitude; `precision: 'address'`.
 */
export function censusGeocoder(baseUrl: string, http: ProviderHttp): Geocoder {
  return {
    name: `US Census geocoder (${new URL(baseUrl).host})`,
    zipOnly: false,
    async geocode(q) {
      const params = new URLSearchParams({ street: q.address, city: q.city, state: q.state, zip: q.zip, benchmark: 'Public_AR_Current', format: 'json' });
      type Answer = { result?: { addressMatches?: Array<{ coordinates: { x: number; y: number }; addressComponents?: { city?: string; state?: string } }> } };
      const match = (await http.getJson<Answer>(`${baseUrl}/locations/address?${params}`)).result?.addressMatches?.[0];
      if (!match) return null;
      return {
        latitude: match.coordinates.y, longitude: match.coordinates.x, precision: 'address',
        city: match.addressComponents?.city ?? null, state: match.addressComponents?.state ?? null,
      };
    },
  };
}
