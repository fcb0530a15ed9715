import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import type { Template } from '@pdfme/common';
import { PREFLIGHT_PIECES_LIMIT, type TPreflightCheck } from '@mailcraft/shared';
import { qrRuns, QR_MARGIN_MODULES, QR_VECTOR_TYPE } from '@mailcraft/shared/designs';
import { mmToPt, pageGeometry, type PageBoxOptions } from '../render/page-boxes.js';
import { elementRect } from './geometry.js';
import type { PageLayout } from './page-layout.js';

const run = promisify(execFile);

/**
 * Preflight checks of the finished print file itself (docs/requirements/print.md#print), with poppler-utils (`pdfinfo`,
 * `pdffonts`, `pdftoppm`) and zbar (`zbarimg`), installed by scripts/install-system-deps.sh.
 * A tool that cannot run fails its check with the reason.
 */

/** Boxes may differ from the expected ones by this much (pdfinfo prints points to 2 decimals). */
const BOX_TOLERANCE_PT = 0.06;
/** The smallest QR module (mm) phones read reliably from print. */
export const MIN_QR_MODULE_MM = 0.3;
/** Raster resolution of the QR check (the print resolution). */
const QR_DPI = 300;
/** Room around a QR element included in its raster (mm). */
const QR_RASTER_MARGIN_MM = 2;

/** A check that could not run: a sentence for the user; the tool's message (its command line names temporary files) goes to the log. */
const failed = (id: TPreflightCheck['id'], err: unknown): TPreflightCheck => {
  console.error(`[preflight] the ${id} check could not run`, err);
  return { id, passed: false, message: 'This check could not run; ask support to look at this print file.', pieces: [] };
};

type Box = [number, number, number, number];

/** Expected MediaBox, TrimBox and BleedBox (pt) of every page for a trim of `trim` mm. */
export function expectedBoxes(trim: { width: number; height: number }, opts: PageBoxOptions): Record<'MediaBox' | 'TrimBox' | 'BleedBox', Box> {
  const { offsetMm, bleedMm } = pageGeometry(opts);
  const o = mmToPt(offsetMm);
  const b = mmToPt(bleedMm);
  const w = mmToPt(trim.width);
  const h = mmToPt(trim.height);
  return { MediaBox: [0, 0, w + 2 * o, h + 2 * o], TrimBox: [o, o, o + w, o + h], BleedBox: [o - b, o - b, o + w + b, o + h + b] };
}

/**
 * Page boxes equal the chosen trim (and bleed) on every page, and the page count is pieces ×
 * pages per piece (plus the tray-break sheets of `layout`). Reads `pdfinfo -box` of every page as a stream.
 */
export async function pageBoxesCheck(
  file: string, expected: { pieces: number; layout: PageLayout; trim: { width: number; height: number }; options: PageBoxOptions },
): Promise<TPreflightCheck> {
  try {
    const { layout } = expected;
    const want = expectedBoxes(expected.trim, expected.options);
    const pagesWanted = layout.pages(expected.pieces);
    const child = spawn('pdfinfo', ['-box', '-f', '1', '-l', String(pagesWanted + 1), file], { stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number>((resolve, reject) => { child.on('error', reject); child.on('close', (code) => resolve(code ?? 1)); });
    let pages = 0;
    const wrong = new Set<number>();
    let wrongSheets = 0;
    for await (const line of createInterface({ input: child.stdout })) {
      const m = /^Page\s+(\d+)\s+(MediaBox|TrimBox|BleedBox):\s+(.+)$/.exec(line);
      if (m) {
        const got = m[3].trim().split(/\s+/).map(Number);
        if (got.some((v, i) => Math.abs(v - want[m[2] as keyof typeof want][i]) > BOX_TOLERANCE_PT)) {
          const piece = layout.pieceOf(Number(m[1]));
          if (piece === null) wrongSheets++;
          else wrong.add(piece);
        }
      } else if (line.startsWith('Pages:')) pages = Number(line.slice(6).trim());
    }
    if ((await exited) !== 0) throw new Error('pdfinfo could not read the file');
    const problems: string[] = [];
    const sheets = layout.sheets(expected.pieces);
    const sheetsText = sheets ? ` + ${sheets} tray-break sheet${sheets === 1 ? '' : 's'}` : '';
    if (pages !== pagesWanted) problems.push(`The file has ${pages} pages, not ${pagesWanted} (${expected.pieces} pieces${sheetsText}, ${layout.pagesPerPiece} page${layout.pagesPerPiece === 1 ? '' : 's'} each): generate the print file again.`);
    if (wrong.size > 0 || wrongSheets > 0) problems.push(`${wrong.size} piece(s)${wrongSheets ? ` and ${wrongSheets} tray-break sheet page(s)` : ''} have page boxes other than the ${expected.trim.width} × ${expected.trim.height} mm trim${expected.options.bleed ? ' with 3.175 mm bleed' : ''}: generate the print file again.`);
    const sizes = `${expected.trim.width} × ${expected.trim.height} mm trim${expected.options.bleed ? ', 3.175 mm bleed' : ''}${expected.options.cropMarks ? ', crop marks' : ''}`;
    return {
      id: 'page-boxes', passed: problems.length === 0, pieces: [...wrong].slice(0, PREFLIGHT_PIECES_LIMIT),
      message: problems.length ? problems.join(' ') : `All ${pages} pages${sheets ? ` (${sheets} tray-break sheet${sheets === 1 ? '' : 's'} among them)` : ''} have the page boxes of the ${sizes}.`,
    };
  } catch (err) {
    return failed('page-boxes', err);
  }
}

/**
 * Every font of the sampled pieces' pages is embedded (`pdffonts -f -l` of each piece: 'emb' yes
 * on every row). pdffonts reads every page's resources (~0.6 ms a page), so a whole 10,000-piece
 * file would take longer than the preflight budget; pdfme embeds every font it prints with, and
 * what could bring an unembedded font — the base PDF — is the same on every piece, so the sample
 * stands for the file. `pieces` are 1-based piece numbers.
 */
export async function fontsCheck(file: string, pieces: number[], layout: PageLayout): Promise<TPreflightCheck> {
  try {
    const missing = new Map<string, number[]>();
    const fonts = new Set<string>();
    for (const piece of pieces) {
      const first = layout.pageOf(piece);
      const { stdout } = await run('pdffonts', ['-f', String(first), '-l', String(first + layout.pagesPerPiece - 1), file], { maxBuffer: 16 * 1024 * 1024 });
      const lines = stdout.split('\n');
      const rule = lines.findIndex((l) => l.startsWith('---'));
      if (rule < 1) throw new Error('pdffonts printed no font table');
      // Column positions from the header's rule of dashes: name type encoding emb sub uni object ID.
      const cols: Array<[number, number]> = [];
      for (const m of lines[rule].matchAll(/-+/g)) cols.push([m.index!, m.index! + m[0].length]);
      const header = lines[rule - 1];
      const [a, b] = cols[cols.findIndex(([x, y]) => header.slice(x, y + 1).trim() === 'emb')];
      for (const row of lines.slice(rule + 1)) {
        if (!row.trim()) continue;
        // A font embedded several times (a subset tag 'ABCDEF+' or pdf-lib's '-1234' suffix per embedding) is one font to the user.
        const name = row.slice(cols[0][0], cols[0][1]).trim().replace(/^[A-Z]{6}\+/, '').replace(/-\d+$/, '');
        fonts.add(name);
        if (row.slice(a, b + 1).trim() !== 'yes') missing.set(name, [...(missing.get(name) ?? []), piece]);
      }
    }
    const concerned = [...new Set([...missing.values()].flat())].sort((x, y) => x - y);
    return {
      id: 'fonts', passed: missing.size === 0, pieces: concerned,
      message: missing.size === 0
        ? `All ${fonts.size} fonts of ${pieces.length} sampled pieces are embedded.`
        : `Fonts not embedded: ${[...missing.keys()].join(', ')}: the print shop would substitute them. Choose another font for the texts using them, upload the font file, or use a base PDF with embedded fonts.`,
    };
  } catch (err) {
    return failed('fonts', err);
  }
}

/** A sampled piece whose QR codes are scanned: its number, its list record (0 unknown) and the values its QR elements encode. */
export type QrSample = { piece: number; record: number; codes: Record<string, string> };

/**
 * Every QR code of the sampled pieces decodes, at its printed size, from a QR_DPI raster of its
 * page (`pdftoppm` of the element's area, `zbarimg`) to that piece's own value (its short link),
 * and its modules are at least MIN_QR_MODULE_MM wide (a code that only scans from a perfect
 * raster fails on a phone). `template` is the piece template as rendered.
 */
export async function qrCheck(
  file: string, samples: QrSample[], template: Template, options: PageBoxOptions, layout: PageLayout, tmpDir: string,
): Promise<TPreflightCheck> {
  const elements = template.schemas.flatMap((page, pageIndex) => page.filter((el) => el.type === QR_VECTOR_TYPE).map((el) => ({ el, pageIndex })));
  if (elements.length === 0) return { id: 'qr-codes', passed: true, pieces: [], message: 'The design has no QR code.' };
  try {
    const { offsetMm } = pageGeometry(options);
    const px = (mm: number) => Math.round((mm / 25.4) * QR_DPI);
    const unreadable = new Set<number>();
    const small = new Map<string, { module: number; minWidth: number }>();
    let scanned = 0;
    const scans: Array<() => Promise<void>> = [];
    for (const sample of samples) {
      for (const { el, pageIndex } of elements) scans.push(async () => {
        const value = sample.codes[el.name];
        if (!value) return; // no link: the element prints nothing
        scanned++;
        const { size } = qrRuns(value, (el.errorCorrection as 'L' | 'M' | 'Q' | 'H' | undefined) ?? 'M');
        const module = Math.min(el.width, el.height) / (size + 2 * QR_MARGIN_MODULES);
        if (module < MIN_QR_MODULE_MM) {
          small.set(el.name, { module, minWidth: Math.ceil(MIN_QR_MODULE_MM * (size + 2 * QR_MARGIN_MODULES)) });
          unreadable.add(sample.piece);
        }
        const r = elementRect(el);
        const out = path.join(tmpDir, `qr-${sample.piece}-${pageIndex}`);
        const page = String(layout.pageOf(sample.piece, pageIndex));
        await run('pdftoppm', [
          '-r', String(QR_DPI), '-f', page, '-l', page, '-gray', '-png', '-singlefile',
          '-x', String(px(offsetMm + r.x - QR_RASTER_MARGIN_MM)), '-y', String(px(offsetMm + r.y - QR_RASTER_MARGIN_MM)),
          '-W', String(px(r.width + 2 * QR_RASTER_MARGIN_MM)), '-H', String(px(r.height + 2 * QR_RASTER_MARGIN_MM)), file, out,
        ]);
        const decoded = await run('zbarimg', ['-q', '--raw', '-Sdisable', '-Sqrcode.enable', `${out}.png`]).then((r2) => r2.stdout.trim(), () => '');
        await fs.rm(`${out}.png`, { force: true });
        if (decoded !== value) unreadable.add(sample.piece);
      });
    }
    // Two scans at a time: the render threads are done by now.
    const next = async (): Promise<void> => { for (let job = scans.shift(); job; job = scans.shift()) await job(); };
    await Promise.all([next(), next()]);
    const problems: string[] = [];
    for (const [name, s] of small) {
      problems.push(`QR code '${name}' has modules of ${s.module.toFixed(2)} mm, below ${MIN_QR_MODULE_MM} mm: make it at least ${s.minWidth} mm wide.`);
    }
    if (unreadable.size > 0 && small.size === 0) problems.push('QR codes did not scan as their piece\'s own link: make them larger, give them a light background and keep them clear of other artwork.');
    const pieces = [...unreadable].sort((a, b) => a - b);
    const records = pieces.map((p) => samples.find((sm) => sm.piece === p)?.record ?? 0);
    return {
      id: 'qr-codes', passed: unreadable.size === 0, pieces, ...(records.every((r) => r > 0) ? { records } : {}),
      message: unreadable.size === 0
        ? `All ${scanned} QR codes of ${samples.length} sampled pieces scan at ${QR_DPI} dpi as their piece's own link.`
        : `${unreadable.size} of ${samples.length} sampled pieces have a QR code that does not scan reliably. ${problems.join(' ')}`,
    };
  } catch (err) {
    return failed('qr-codes', err);
  }
}
