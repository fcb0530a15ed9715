import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** One rasterised page: `width` × `height` px, RGB, 3 bytes per pixel, rows top to bottom. */
export type RasterPage = { width: number; height: number; rgb: Buffer };

/** Parses a binary PPM (P6, maxval 255) as poppler writes it. */
function parsePpm(buf: Buffer): RasterPage {
  const header: string[] = [];
  let at = 0;
  while (header.length < 4) {
    while (/\s/.test(String.fromCharCode(buf[at]))) at++;
    if (buf[at] === 0x23) { while (buf[at] !== 0x0a) at++; continue; } // a comment line
    const start = at;
    while (!/\s/.test(String.fromCharCode(buf[at]))) at++;
    header.push(buf.toString('latin1', start, at));
  }
  const [magic, w, h, max] = header;
  if (magic !== 'P6' || max !== '255') throw new Error(`Unexpected PPM header ${header.join(' ')}`);
  const width = Number(w);
  const height = Number(h);
  return { width, height, rgb: buf.subarray(at + 1, at + 1 + width * height * 3) };
}

/**
 * Every page of a PDF rasterised by poppler's `pdftoppm` at `dpi` (RGB, anti-aliased as a viewer
 * shows it); with `crop` only that area of each page (px at `dpi`, from the top-left corner), with
 * `only` only that 1-based page (a long file page by page keeps memory flat). Throws when pdftoppm
 * rejects the file.
 */
export function rasterPages(pdf: Uint8Array, dpi: number, crop?: { x: number; y: number; width: number; height: number }, only?: number): RasterPage[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-raster-'));
  try {
    fs.writeFileSync(path.join(dir, 'in.pdf'), pdf);
    const area = crop ? ['-x', String(crop.x), '-y', String(crop.y), '-W', String(crop.width), '-H', String(crop.height)] : [];
    const range = only ? ['-f', String(only), '-l', String(only)] : [];
    execFileSync('pdftoppm', ['-r', String(dpi), ...area, ...range, path.join(dir, 'in.pdf'), path.join(dir, 'p')], { maxBuffer: 64 * 1024 * 1024 });
    return fs.readdirSync(dir).filter((f) => f.endsWith('.ppm')).sort((a, b) => Number(a.match(/(\d+)\.ppm$/)![1]) - Number(b.match(/(\d+)\.ppm$/)![1]))
      .map((f) => parsePpm(fs.readFileSync(path.join(dir, f))));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The share (0–1) of pixels of two same-size pages whose colour differs by more than `tolerance`
 * (0–255) in any channel. Throws when the sizes differ.
 */
export function differingPixels(a: RasterPage, b: RasterPage, tolerance: number): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error(`Page sizes differ: ${a.width}×${a.height} vs ${b.width}×${b.height}`);
  let differing = 0;
  for (let i = 0; i < a.rgb.length; i += 3) {
    if (Math.abs(a.rgb[i] - b.rgb[i]) > tolerance || Math.abs(a.rgb[i + 1] - b.rgb[i + 1]) > tolerance || Math.abs(a.rgb[i + 2] - b.rgb[i + 2]) > tolerance) differing++;
  }
  return differing / (a.width * a.height);
}

/** The QR codes zbar reads on a page (Debian zbar-tools), sorted; none → []. */
export function scanQrCodes(page: RasterPage): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mc-zbar-'));
  try {
    const file = path.join(dir, 'page.ppm');
    fs.writeFileSync(file, Buffer.concat([Buffer.from(`P6\n${page.width} ${page.height}\n255\n`, 'latin1'), page.rgb]));
    try {
      const out = execFileSync('zbarimg', ['-q', '--raw', '-Sdisable', '-Sqrcode.enable', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
      return out.split('\n').filter(Boolean).sort();
    } catch (err) {
      if ((err as { status?: number }).status === 4) return []; // zbarimg: no symbol found
      throw err;
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The Intelligent Mail barcode printed on a page, read from its raster at `dpi`: the bar states
 * left to right (F full, A ascender, D descender, T tracker; USPS-B-3200), their pitch and the
 * full bar height (in). Bars are runs of columns with dark pixels (grey < 128); '' when none.
 */
export function readImbBars(page: RasterPage, dpi: number): { bars: string; pitchIn: number; fullIn: number } {
  const { width, height, rgb } = page;
  const dark = (x: number, y: number) => { const i = (y * width + x) * 3; return (rgb[i] + rgb[i + 1] + rgb[i + 2]) / 3 < 128; };
  const extents: Array<[number, number] | null> = [];
  for (let x = 0; x < width; x++) {
    let top = -1;
    let bottom = -1;
    for (let y = 0; y < height; y++) if (dark(x, y)) { if (top < 0) top = y; bottom = y; }
    extents.push(top < 0 ? null : [top, bottom]);
  }
  const runs: Array<{ x: number; top: number; bottom: number }> = [];
  for (let x = 0; x < extents.length; x++) {
    const e = extents[x];
    if (e && !extents[x - 1]) runs.push({ x, top: e[0], bottom: e[1] });
  }
  if (!runs.length) return { bars: '', pitchIn: 0, fullIn: 0 };
  const top = Math.min(...runs.map((r) => r.top));
  const bottom = Math.max(...runs.map((r) => r.bottom));
  const mid = (top + bottom) / 2;
  const span = bottom - top;
  const bars = runs.map((r) => {
    const up = r.top < mid - span * 0.3;
    const down = r.bottom > mid + span * 0.3;
    return up && down ? 'F' : up ? 'A' : down ? 'D' : 'T';
  }).join('');
  return { bars, pitchIn: (runs.at(-1)!.x - runs[0].x) / (runs.length - 1) / dpi, fullIn: (span + 1) / dpi };
}
