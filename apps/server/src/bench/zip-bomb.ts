import zlib from 'node:zlib';

/**
 * One file of a ZIP built by `zipFile`: its name and bytes, or already deflated bytes with their
 * CRC-32 and size (`deflatedPart`), and optionally a lying declared size.
 */
export type ZipPart = { name: string; data?: Buffer; deflated?: { bytes: Buffer; crc: number; size: number }; declaredSize?: number };

/**
 * A part of `prefix`, `size` bytes of `fill`, then `suffix`, deflated in 1 MB steps so that a
 * 1 GB part never exists in memory (for bombs in benchmarks and tests).
 */
export async function deflatedPart(name: string, prefix: string, fill: string, size: number, suffix: string): Promise<ZipPart> {
  const deflate = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  let crc = 0;
  let total = 0;
  const write = async (b: Buffer) => {
    crc = zlib.crc32(b, crc);
    total += b.length;
    if (!deflate.write(b)) await new Promise((r) => deflate.once('drain', r));
  };
  await write(Buffer.from(prefix));
  const chunk = Buffer.alloc(1024 * 1024, fill);
  for (let left = size; left > 0; left -= chunk.length) await write(left >= chunk.length ? chunk : chunk.subarray(0, left));
  await write(Buffer.from(suffix));
  deflate.end();
  await done;
  return { name, deflated: { bytes: Buffer.concat(out), crc, size: total } };
}

/**
 * A ZIP archive (PKWARE APPNOTE 4.3: local headers, deflated data, central directory) built in
 * memory for tests — enough for unzipper and exceljs to open. `declaredSize` writes a false
 * uncompressed size into the headers, as a hostile file would.
 */
export function zipFile(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const packed = part.deflated ?? { bytes: zlib.deflateRawSync(part.data ?? Buffer.alloc(0), { level: 9 }), crc: zlib.crc32(part.data ?? Buffer.alloc(0)), size: part.data?.length ?? 0 };
    const { bytes: deflated, crc } = packed;
    const size = part.declaredSize ?? packed.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(deflated.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(deflated.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, deflated);
    centrals.push(central, name);
    offset += local.length + name.length + deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The parts of a one-sheet workbook around `sheetXml` and `sharedStringsXml`. */
export function workbookParts(sheetXml: Buffer, sharedStringsXml?: Buffer): ZipPart[] {
  const xml = (s: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${s}`);
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return [
    { name: '[Content_Types].xml', data: xml('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>') },
    { name: '_rels/.rels', data: xml(`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`) },
    { name: 'xl/workbook.xml', data: xml(`<workbook ${ns}><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`) },
    { name: 'xl/_rels/workbook.xml.rels', data: xml(`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`) },
    { name: 'xl/worksheets/sheet1.xml', data: sheetXml },
    ...(sharedStringsXml ? [{ name: 'xl/sharedStrings.xml', data: sharedStringsXml }] : []),
  ];
}

/** A sheet of inline-string rows: `rows[r][c]` as `<c t="inlineStr">`. */
export function sheetXml(rows: string[][], trailer = ''): Buffer {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const col = (c: number) => String.fromCharCode(65 + c); // A–Z is enough for tests
  const body = rows.map((r, i) => `<row r="${i + 1}">${r.map((v, c) => `<c r="${col(c)}${i + 1}" t="inlineStr"><is><t>${esc(v)}</t></is></c>`).join('')}</row>`).join('');
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}${trailer}</sheetData></worksheet>`);
}
