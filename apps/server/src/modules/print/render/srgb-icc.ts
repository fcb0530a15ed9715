/**
 * A small sRGB ICC profile (version 2.1, display class, matrix/TRC) built in code for the print
 * file's output intent (docs/requirements/print.md#print): no package on this machine ships an sRGB .icc file, and the
 * profile is a few fixed numbers — the sRGB primaries adapted to D50 (IEC 61966-2-1 / ICC's
 * published sRGB v2 values) and the sRGB tone curve sampled at 1024 points. About 2.5 KB.
 */

/** The profile's description, also the output condition named in the PDF. */
export const SRGB_PROFILE_NAME = 'sRGB IEC61966-2.1';

const D50 = [0.9642, 1, 0.8249];
const PRIMARIES = { rXYZ: [0.4361, 0.2225, 0.0139], gXYZ: [0.3851, 0.7169, 0.0971], bXYZ: [0.1431, 0.0606, 0.7141] };
const CURVE_POINTS = 1024;

const ascii = (s: string) => Buffer.from(s, 'latin1');
const u32 = (n: number) => { const b = Buffer.alloc(4); b.writeUInt32BE(n >>> 0); return b; };
const xyz = (v: number[]) => Buffer.concat([ascii('XYZ '), u32(0), ...v.map((n) => { const b = Buffer.alloc(4); b.writeInt32BE(Math.round(n * 65536)); return b; })]);

/** textDescriptionType: ASCII description, empty Unicode and ScriptCode parts. */
function desc(text: string): Buffer {
  const str = Buffer.concat([ascii(text), Buffer.alloc(1)]);
  return Buffer.concat([ascii('desc'), u32(0), u32(str.length), str, u32(0), u32(0), Buffer.alloc(2 + 1 + 67)]);
}

/** curveType with the sRGB transfer function sampled at CURVE_POINTS points. */
function srgbCurve(): Buffer {
  const body = Buffer.alloc(CURVE_POINTS * 2);
  for (let i = 0; i < CURVE_POINTS; i++) {
    const v = i / (CURVE_POINTS - 1);
    const linear = v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    body.writeUInt16BE(Math.round(linear * 65535), i * 2);
  }
  return Buffer.concat([ascii('curv'), u32(0), u32(CURVE_POINTS), body]);
}

const pad4 = (b: Buffer) => (b.length % 4 ? Buffer.concat([b, Buffer.alloc(4 - (b.length % 4))]) : b);

let cached: Uint8Array | null = null;

/** The profile's bytes (built once per process). */
export function srgbIccProfile(): Uint8Array {
  if (cached) return cached;
  const curve = srgbCurve();
  const tags: Array<[string, Buffer]> = [
    ['desc', desc(SRGB_PROFILE_NAME)],
    ['cprt', Buffer.concat([ascii('text'), u32(0), ascii('No copyright, use freely\0')])],
    ['wtpt', xyz(D50)],
    ['rXYZ', xyz(PRIMARIES.rXYZ)], ['gXYZ', xyz(PRIMARIES.gXYZ)], ['bXYZ', xyz(PRIMARIES.bXYZ)],
    ['rTRC', curve], ['gTRC', curve], ['bTRC', curve],
  ];
  const tableSize = 4 + tags.length * 12;
  let offset = 128 + tableSize;
  const table: Buffer[] = [u32(tags.length)];
  const data: Buffer[] = [];
  const placed = new Map<Buffer, number>(); // the three curves share one copy
  for (const [sig, body] of tags) {
    let at = placed.get(body);
    if (at === undefined) {
      at = offset;
      placed.set(body, at);
      const padded = pad4(body);
      data.push(padded);
      offset += padded.length;
    }
    table.push(ascii(sig), u32(at), u32(body.length));
  }
  const header = Buffer.alloc(128);
  header.writeUInt32BE(offset, 0);
  header.writeUInt32BE(0x02100000, 8);
  header.write('mntr', 12, 'latin1');
  header.write('RGB ', 16, 'latin1');
  header.write('XYZ ', 20, 'latin1');
  const date = [2024, 1, 1, 0, 0, 0];
  date.forEach((n, i) => header.writeUInt16BE(n, 24 + i * 2));
  header.write('acsp', 36, 'latin1');
  D50.forEach((n, i) => header.writeInt32BE(Math.round(n * 65536), 68 + i * 4));
  cached = new Uint8Array(Buffer.concat([header, ...table, ...data]));
  return cached;
}
