import fs from 'node:fs/promises';
import { zxyToTileId } from 'pmtiles';

const varint = (n: number, out: number[]) => {
  let v = n;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
};

/**
 * Writes a PMTiles v3 archive of PNG tiles (github.com/protomaps/PMTiles spec v3: a 127-byte
 * header, one root directory, empty metadata, the tile data; no compression) — test data for the
 * `.pmtiles` base map, read back by the official `pmtiles` reader.
 */
export async function writePmtiles(file: string, tiles: Array<{ z: number; x: number; y: number; png: Buffer }>): Promise<void> {
  const entries = tiles.map((t) => ({ ...t, id: zxyToTileId(t.z, t.x, t.y) })).sort((a, b) => a.id - b.id);
  let offset = 0;
  const placed = entries.map((e) => {
    const p = { ...e, offset, length: e.png.length };
    offset += e.png.length;
    return p;
  });
  const dir: number[] = [];
  varint(placed.length, dir);
  placed.forEach((e, i) => varint(e.id - (i ? placed[i - 1].id : 0), dir));
  placed.forEach(() => varint(1, dir));
  placed.forEach((e) => varint(e.length, dir));
  placed.forEach((e) => varint(e.offset + 1, dir));
  const root = Buffer.from(dir);
  const metadata = Buffer.from('{}');
  const data = Buffer.concat(placed.map((e) => e.png));
  const header = Buffer.alloc(127);
  header.write('PMTiles', 0, 'ascii');
  header.writeUInt8(3, 7);
  const u64 = (at: number, v: number) => header.writeBigUInt64LE(BigInt(v), at);
  u64(8, 127); u64(16, root.length);
  u64(24, 127 + root.length); u64(32, metadata.length);
  u64(40, 127 + root.length + metadata.length); u64(48, 0);
  u64(56, 127 + root.length + metadata.length); u64(64, data.length);
  u64(72, placed.length); u64(80, placed.length); u64(88, placed.length);
  header.writeUInt8(1, 96); // clustered
  header.writeUInt8(1, 97); // internal compression: none
  header.writeUInt8(1, 98); // tile compression: none
  header.writeUInt8(2, 99); // PNG
  const zooms = placed.map((e) => e.z);
  header.writeUInt8(Math.min(...zooms), 100);
  header.writeUInt8(Math.max(...zooms), 101);
  header.writeInt32LE(-1800000000, 102); header.writeInt32LE(-850000000, 106);
  header.writeInt32LE(1800000000, 110); header.writeInt32LE(850000000, 114);
  header.writeUInt8(Math.min(...zooms), 118);
  await fs.writeFile(file, Buffer.concat([header, root, metadata, data]));
}
