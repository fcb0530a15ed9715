/**
 * Makes glyph ids usable as CIDs in a CID-keyed CFF font (docs/architecture.md#print-renderer).
 * PDF content written with Identity-H names glyphs by their glyph id, but a CIDFontType0 with a
 * CID-keyed CFF program maps each CID to a glyph through the CFF charset (ISO 32000-2 §9.7.4.2),
 * and the Noto Sans CJK fonts' charsets are not the identity (glyph 365 is CID 621). Rewriting
 * the charset of the subset to CID = glyph id makes the two agree, as pdf-lib's fontkit subsets do.
 * Layout of CFF: Adobe Technical Note #5176; of the sfnt table directory: the OpenType spec.
 */

type Reader = { bytes: Uint8Array; view: DataView };

/** The byte range of entry `i` of the CFF INDEX at `at`, and where the INDEX ends. */
function indexEntry({ bytes, view }: Reader, at: number, i: number): { start: number; end: number; next: number } {
  const count = view.getUint16(at);
  if (count === 0) return { start: at + 2, end: at + 2, next: at + 2 };
  const offSize = bytes[at + 2];
  const offset = (k: number) => {
    let v = 0;
    for (let b = 0; b < offSize; b++) v = v * 256 + bytes[at + 3 + k * offSize + b];
    return v;
  };
  const data = at + 3 + (count + 1) * offSize - 1; // offsets count from the byte before the data
  return { start: data + offset(i), end: data + offset(i + 1), next: data + offset(count) };
}

/** The operands of the Top DICT operators `wanted` (`12 30` written as 1230), by operator. */
function dictOperands(bytes: Uint8Array, start: number, end: number, wanted: number[]): Map<number, number[]> {
  const found = new Map<number, number[]>();
  let operands: number[] = [];
  let at = start;
  while (at < end) {
    const b0 = bytes[at];
    if (b0 <= 21) {
      const op = b0 === 12 ? 1200 + bytes[at + 1] : b0;
      at += b0 === 12 ? 2 : 1;
      if (wanted.includes(op)) found.set(op, operands);
      operands = [];
    } else if (b0 === 28) {
      operands.push(((bytes[at + 1] << 24) >> 16) | bytes[at + 2]);
      at += 3;
    } else if (b0 === 29) {
      operands.push((bytes[at + 1] << 24) | (bytes[at + 2] << 16) | (bytes[at + 3] << 8) | bytes[at + 4]);
      at += 5;
    } else if (b0 === 30) {
      at++; // a real number: nibbles until 0xf; never an offset or a count
      while (at < end && (bytes[at] & 0x0f) !== 0x0f && (bytes[at] & 0xf0) !== 0xf0) at++;
      at++;
      operands.push(0);
    } else if (b0 >= 32 && b0 <= 246) {
      operands.push(b0 - 139);
      at++;
    } else if (b0 >= 247 && b0 <= 250) {
      operands.push((b0 - 247) * 256 + bytes[at + 1] + 108);
      at += 2;
    } else if (b0 >= 251 && b0 <= 254) {
      operands.push(-(b0 - 251) * 256 - bytes[at + 1] - 108);
      at += 2;
    } else {
      throw new Error('Damaged CFF font: bad Top DICT');
    }
  }
  return found;
}

/** Rewrites, in place, the charset of the CFF table at `cff` to CID = glyph id when it is CID-keyed and is not already; answers whether it did. */
function identityCharset(r: Reader, cff: number): boolean {
  const { bytes, view } = r;
  const names = indexEntry(r, cff + bytes[cff + 2], 0);
  const top = indexEntry(r, names.next, 0);
  const ops = dictOperands(bytes, top.start, top.end, [15, 17, 1230]);
  if (!ops.has(1230)) return false; // not CID-keyed: CIDs are glyph ids already
  const charset = cff + (ops.get(15)?.[0] ?? 0);
  const glyphs = view.getUint16(cff + (ops.get(17)?.[0] ?? 0));
  const format = bytes[charset];
  let identity = true;
  let length = 1;
  if (format === 0) {
    for (let g = 1; g < glyphs; g++) if (view.getUint16(charset + 1 + (g - 1) * 2) !== g) identity = false;
    length += (glyphs - 1) * 2;
  } else if (format === 1 || format === 2) {
    for (let g = 1; g < glyphs; ) {
      const first = view.getUint16(charset + length);
      const left = format === 1 ? bytes[charset + length + 2] : view.getUint16(charset + length + 2);
      if (first !== g) identity = false;
      g += left + 1;
      length += format === 1 ? 3 : 4;
    }
  } else {
    throw new Error('Damaged CFF font: unknown charset format');
  }
  if (identity) return false;
  // The new charset is never longer than the old: format 0 keeps its size; one range of format 2
  // needs 5 bytes, and a shorter old charset is a single format 1 range (at most 257 glyphs).
  // The rest of the old one is zeroed: unused, and compressed to nothing (Noto Sans CJK's is 55 KB).
  bytes.fill(0, charset, charset + length);
  if (format === 0) {
    for (let g = 1; g < glyphs; g++) view.setUint16(charset + 1 + (g - 1) * 2, g);
  } else if (length >= 5) {
    bytes[charset] = 2;
    view.setUint16(charset + 1, 1);
    view.setUint16(charset + 3, glyphs - 2);
  } else {
    bytes[charset] = 1;
    view.setUint16(charset + 1, 1);
    bytes[charset + 3] = glyphs - 2;
  }
  return true;
}

/** The sfnt checksum of `length` bytes from `start`: the sum of their big-endian uint32s, the last one zero-padded. */
function checksum(view: DataView, start: number, length: number): number {
  let sum = 0;
  for (let at = start; at < start + length; at++) sum = (sum + (view.getUint8(at) << (24 - 8 * ((at - start) % 4)))) >>> 0;
  return sum;
}

/**
 * The OpenType font `otf` with its CFF charset made the identity when its CFF is CID-keyed
 * (a copy with the table checksums and head.checkSumAdjustment updated), else `otf` itself
 * (TrueType, name-keyed CFF, or an identity charset already). Throws on a damaged CFF table.
 */
export function withIdentityCidCharset(otf: Uint8Array): Uint8Array {
  const copy = otf.slice();
  const view = new DataView(copy.buffer, copy.byteOffset, copy.byteLength);
  const tables = new Map<string, { record: number; offset: number; length: number }>();
  for (let i = 0, n = view.getUint16(4); i < n; i++) {
    const record = 12 + i * 16;
    const tag = String.fromCharCode(...copy.subarray(record, record + 4));
    tables.set(tag, { record, offset: view.getUint32(record + 8), length: view.getUint32(record + 12) });
  }
  const cff = tables.get('CFF ');
  if (!cff || !identityCharset({ bytes: copy, view }, cff.offset)) return otf;
  view.setUint32(cff.record + 4, checksum(view, cff.offset, cff.length));
  const head = tables.get('head');
  if (head) {
    view.setUint32(head.offset + 8, 0);
    view.setUint32(head.offset + 8, (0xb1b0afba - checksum(view, 0, copy.length)) >>> 0);
  }
  return copy;
}
