import type { Config } from '../../platform/config.js';
import { offlineZipGeocoder, type Geocoder } from './geocoder.js';
import { censusGeocoder, nominatimGeocoder } from './http-geocoders.js';
import { providerHttp } from './provider-http.js';
import { offlineRouter, osrmRouter, type Router } from './router.js';
import type { BaseMapTiles } from './cartography/static-map.js';
import { pmtilesArchive, type PmtilesArchive } from './cartography/pmtiles-archive.js';
import { pmtilesTiles, xyzTiles } from './cartography/xyz-tiles.js';

/** The map services in use (docs/requirements/maps.md#maps Providers): each an HTTP service when configured, else its offline default. */
export type MapProviders = {
  geocoder: Geocoder;
  /** Whether geocoder answers are worth caching in the database (HTTP services; the offline lookup is in memory). */
  cacheGeocodes: boolean;
  router: Router;
  tiles: BaseMapTiles | null;
  /** The local tile archive (MAP_PMTILES_FILE), also served to the screen at /api/maps/tiles/{z}/{x}/{y}. */
  pmtiles: PmtilesArchive | null;
  roadsFile: string | null;
  attribution: string;
};

const made = new WeakMap<Config['maps'], MapProviders>();

/**
 * The providers for `config.maps`, made once per configuration: MAP_GEOCODER_URL → Nominatim or the
 * Census geocoder, else ZIP centroids; MAP_ROUTER_URL → OSRM, else the offline router (over
 * MAP_ROADS_GEOJSON when set); MAP_TILE_URL → raster tiles, else MAP_PMTILES_FILE → the archive's
 * raster tiles, else the offline base layers.
 */
export function mapProviders(config: Pick<Config, 'maps'>): MapProviders {
  const m = config.maps;
  const hit = made.get(m);
  if (hit) return hit;
  const pmtiles = m.pmtilesFile ? pmtilesArchive(m.pmtilesFile) : null;
  const providers: MapProviders = {
    geocoder: m.geocoderUrl
      ? (m.geocoder === 'census' ? censusGeocoder : nominatimGeocoder)(m.geocoderUrl, providerHttp('Geocoder', m.requestsPerSecond))
      : offlineZipGeocoder(),
    cacheGeocodes: !!m.geocoderUrl,
    router: m.routerUrl ? osrmRouter(m.routerUrl, providerHttp('Router', m.requestsPerSecond)) : offlineRouter(m.roadsGeojson),
    tiles: m.tileUrl ? xyzTiles(m.tileUrl, providerHttp('Tile server', Math.max(m.requestsPerSecond, 50)))
      : pmtiles && m.pmtilesFile ? pmtilesTiles(m.pmtilesFile, pmtiles) : null,
    pmtiles,
    roadsFile: m.roadsGeojson,
    attribution: m.attribution,
  };
  made.set(m, providers);
  return providers;
}
