import zlib from 'node:zlib';
import * as XLSX from '@e965/xlsx';

/**
 * Hostile uploads for the limit tests, built in memory in a second or less: what an attacker
 * would send, in the formats the server accepts.
 */

/** BIFF8 record types ([MS-XLS] 2.3): BOF, EOF, DIMENSIONS, MULRK. */
const BOF = 0x0809;
const EOF = 0x000a;
const DIMENSIONS = 0x0200;
const MULRK = 0x00bd;

/**
 * A real BIFF8 .xls workbook (written by SheetJS, `bookType: 'biff8'`) whose one sheet has a
 * header row of `columns` names and `rows` rows of `columns` number cells. SheetJS writes about
 * 50,000 cells a second, so the data rows are added as MULRK records (6 bytes a cell, as Excel
 * packs runs of numbers) before the sheet's EOF: 1,000,000 cells make a 6 MB file.
 */
export function biff8Workbook(rows: number, columns: number): Buffer {
  const header = Array.from({ length: columns }, (_, c) => `Column ${c + 1}`);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([header]), 'List');
  const cfb = XLSX.CFB.read(XLSX.write(book, { type: 'buffer', bookType: 'biff8' }), { type: 'buffer' });
  const entry = (XLSX.CFB.find as (c: unknown, p: string) => { content: Buffer; size: number })(cfb, 'Workbook');
  const stream = Buffer.from(entry.content);
  let sheetEof = -1;
  for (let at = 0, bofs = 0; at + 4 <= stream.length && sheetEof < 0; at += 4 + stream.readUInt16LE(at + 2)) {
    const type = stream.readUInt16LE(at);
    if (type === BOF) bofs++;
    if (bofs === 2 && type === DIMENSIONS) stream.writeUInt32LE(rows + 1, at + 8); // last row + 1
    if (bofs === 2 && type === EOF) sheetEof = at;
  }
  const length = 6 + 6 * columns;
  const records = Buffer.alloc(rows * (4 + length));
  for (let r = 0; r < rows; r++) {
    const at = r * (4 + length);
    records.writeUInt16LE(MULRK, at);
    records.writeUInt16LE(length, at + 2);
    records.writeUInt16LE(r + 1, at + 4); // row (0 is the header)
    records.writeUInt16LE(0, at + 6); // first column
    for (let c = 0; c < columns; c++) records.writeInt32LE((((r * columns + c) % 0x1fffffff) << 2) | 2, at + 10 + 6 * c); // RK: an integer
    records.writeUInt16LE(columns - 1, at + 8 + 6 * columns); // last column
  }
  entry.content = Buffer.concat([stream.subarray(0, sheetEof), records, stream.subarray(sheetEof)]);
  entry.size = entry.content.length;
  return XLSX.CFB.write(cfb, { type: 'buffer' }) as Buffer;
}

/** One PNG chunk: length, type, data, CRC-32 of type and data (PNG spec §5.3). */
function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A valid PNG of `width` × `height` 1-bit grey pixels, all black: every row a filter byte and
 * width/8 zero bytes, deflated to about a thousandth (30000 × 30000 → ~110 KB, which decodes
 * to 112 MB at 1 bit a pixel and 3.6 GB as the RGBA a PDF library draws).
 */
export function bilevelPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // colour type: greyscale
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', ihdr), pngChunk('IDAT', zlib.deflateSync(rows, { level: 9 })), pngChunk('IEND', Buffer.alloc(0))]);
}

/** Offset and length of the sfnt table `tag`, or null (OpenType "Table directory"). */
function sfntTable(font: Buffer, tag: string): { offset: number; length: number } | null {
  for (let i = 0; i < font.readUInt16BE(4); i++) {
    const record = 12 + 16 * i;
    if (font.toString('latin1', record, record + 4) === tag) return { offset: font.readUInt32BE(record + 8), length: font.readUInt32BE(record + 12) };
  }
  return null;
}

/**
 * `font` with `count` bytes inverted at places picked by a fixed pseudo-random sequence from
 * `seed` (the same file every run), sparing the table directory and the name table so the file
 * still looks like a font with a name.
 */
export function corruptFont(font: Buffer, count: number, seed = 1): Buffer {
  const out = Buffer.from(font);
  const name = sfntTable(out, 'name');
  const spared = (p: number) => p < 12 + 16 * out.readUInt16BE(4) || (name !== null && p >= name.offset && p < name.offset + name.length);
  let state = seed;
  for (let flipped = 0; flipped < count;) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    const at = state % out.length;
    if (spared(at)) continue;
    out[at] ^= 0xff;
    flipped++;
  }
  return out;
}

/** `font` whose maxp table claims `glyphs` glyphs (its glyph data unchanged). */
export function fontClaimingGlyphs(font: Buffer, glyphs: number): Buffer {
  const out = Buffer.from(font);
  const maxp = sfntTable(out, 'maxp');
  if (!maxp) throw new Error('The font has no maxp table');
  out.writeUInt16BE(glyphs, maxp.offset + 4); // maxp.numGlyphs
  return out;
}
