import { LRUCache } from 'lru-cache';
import type { ProviderHttp } from '../provider-http.js';
import { TILE_PX, type MapView } from './map-view.js';
import type { PmtilesArchive } from './pmtiles-archive.js';
import type { BaseMapTiles } from './static-map.js';

const CACHE_TILES = 512;
/**
 * Most pixels a fetched tile may have, checked by sharp from its header before decoding: a
 * high-DPI tile is 512 × 512; a tile server's answer is not trusted to be an image of that size.
 */
const TILE_MAX_INPUT_PIXELS = 1024 * 1024;

/** Raster base map from an XYZ tile server (`urlTemplate` with {z}, {x}, {y}; OSM "Slippy map tilenames"). */
export function xyzTiles(urlTemplate: string, http: ProviderHttp): BaseMapTiles {
  return rasterTiles(`XYZ tiles (${new URL(urlTemplate.replace(/[{}]/g, '')).host})`,
    (z, x, y) => http.getBytes(urlTemplate.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y))));
}

/** Raster base map from a local `.pmtiles` archive; a tile it lacks is drawn as the water colour. */
export function pmtilesTiles(file: string, archive: PmtilesArchive): BaseMapTiles {
  return rasterTiles(`PMTiles (${file.split('/').pop()})`, async (z, x, y) => {
    const hit = await archive.tile(z, x, y);
    if (hit) return hit;
    const { default: sharp } = await import('sharp');
    return sharp({ create: { width: TILE_PX, height: TILE_PX, channels: 3, background: '#d4e4ef' } }).png().toBuffer();
  });
}

/**
 * A raster base map from `fetchTile(z, x, y)` (PNG, JPEG or WebP bytes): the tiles under the view
 * at its whole zoom, composed with sharp and cropped to the view. The last 512 tiles are kept in
 * memory (neighbouring records share them). streets-dark darkens the tiles (inverted,
 * desaturated) — raster tiles cannot be restyled.
 */
function rasterTiles(name: string, fetchTile: (z: number, x: number, y: number) => Promise<Buffer>): BaseMapTiles {
  const cache = new LRUCache<string, Promise<Buffer>>({ max: CACHE_TILES });
  const tile = (z: number, x: number, y: number): Promise<Buffer> => {
    const n = 2 ** z;
    const key = `${z}/${((x % n) + n) % n}/${y}`;
    let hit = cache.get(key);
    if (hit) return hit;
    const [zz, xx, yy] = key.split('/').map(Number);
    hit = fetchTile(zz, xx, yy);
    hit.catch(() => cache.delete(key));
    cache.set(key, hit);
    return hit;
  };
  return {
    name,
    async raster(view: MapView, style: string): Promise<Buffer> {
      const { default: sharp } = await import('sharp');
      const z = Math.round(view.zoom);
      const x0 = Math.floor(view.left / TILE_PX);
      const y0 = Math.max(0, Math.floor(view.top / TILE_PX));
      const x1 = Math.floor((view.left + view.width - 1) / TILE_PX);
      const y1 = Math.min(2 ** z - 1, Math.floor((view.top + view.height - 1) / TILE_PX));
      const jobs: Array<Promise<{ input: Buffer; left: number; top: number }>> = [];
      for (let ty = y0; ty <= y1; ty++) {
        for (let tx = x0; tx <= x1; tx++) {
          jobs.push(tile(z, tx, ty).then(async (png) => ({
            input: await sharp(png, { limitInputPixels: TILE_MAX_INPUT_PIXELS }).resize(TILE_PX, TILE_PX).png().toBuffer(), left: (tx - x0) * TILE_PX, top: (ty - y0) * TILE_PX,
          })));
        }
      }
      const parts = await Promise.all(jobs);
      const canvasW = (x1 - x0 + 1) * TILE_PX;
      const canvasH = (y1 - y0 + 1) * TILE_PX;
      const mosaic = await sharp({ create: { width: canvasW, height: canvasH, channels: 4, background: '#d4e4ef' } }).composite(parts).png().toBuffer();
      let out = sharp(mosaic).extract({
        left: Math.round(view.left - x0 * TILE_PX), top: Math.max(0, Math.round(view.top - y0 * TILE_PX)), width: view.width, height: Math.min(view.height, canvasH),
      }).resize(view.width, view.height, { fit: 'cover' });
      if (style === 'streets-dark') out = out.negate({ alpha: false }).modulate({ saturation: 0.35, brightness: 0.9 });
      return out.png().toBuffer();
    },
  };
}
