import fs from 'node:fs/promises';
import { PMTiles, TileType, type RangeResponse, type Source } from 'pmtiles';

/** A local PMTiles v3 archive of raster tiles (docs/requirements/maps.md#maps BaseMap: a `.pmtiles` file by configuration). */
export type PmtilesArchive = {
  /** The tiles' media type: image/png, image/jpeg or image/webp. */
  mediaType(): Promise<string>;
  /** The tile's bytes, or null where the archive has none. */
  tile(z: number, x: number, y: number): Promise<Buffer | null>;
};

const MEDIA: Partial<Record<TileType, string>> = { [TileType.Png]: 'image/png', [TileType.Jpeg]: 'image/jpeg', [TileType.Webp]: 'image/webp' };

/**
 * Opens `file` with the `pmtiles` reader (protomaps.com/docs/pmtiles) over local file reads (one
 * handle, positioned reads; directories cached by the reader). Raster archives only: vector tiles
 * (MVT) would need a style renderer the server does not have — `mediaType` rejects them with a message
 * naming MAP_PMTILES_FILE.
 */
export function pmtilesArchive(file: string): PmtilesArchive {
  let handle: Promise<fs.FileHandle> | null = null;
  const source: Source = {
    getKey: () => file,
    getBytes: async (offset: number, length: number): Promise<RangeResponse> => {
      handle ??= fs.open(file, 'r');
      const buf = Buffer.alloc(length);
      const { bytesRead } = await (await handle).read(buf, 0, length, offset);
      return { data: buf.buffer.slice(buf.byteOffset, buf.byteOffset + bytesRead) as ArrayBuffer };
    },
  };
  const archive = new PMTiles(source);
  const mediaType = async () => {
    const type = MEDIA[(await archive.getHeader()).tileType];
    if (!type) throw new Error('MAP_PMTILES_FILE must hold raster tiles (PNG, JPEG or WebP); vector tiles cannot be drawn on the server');
    return type;
  };
  return {
    mediaType,
    async tile(z, x, y) {
      await mediaType();
      if (z < 0 || z > 26 || x < 0 || y < 0 || x >= 2 ** z || y >= 2 ** z) return null;
      const hit = await archive.getZxy(z, x, y);
      return hit ? Buffer.from(hit.data) : null;
    },
  };
}
