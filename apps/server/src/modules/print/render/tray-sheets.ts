import type { Schema, Template } from '@pdfme/common';
import type { TrayRun } from '../../mailing-lists/mailing-lists.service.js';

/** Width of the black band along a tray-break sheet's right edge (mm): visible on the side of a stack. */
const BAND_MM = 12;
const MARGIN_MM = 12;

const text = (name: string, y: number, height: number, fontSize: number, trim: { width: number }, content = ''): Schema => ({
  name, type: 'text', content, ...(content ? { readOnly: true } : {}),
  position: { x: MARGIN_MM, y }, width: trim.width - BAND_MM - 2 * MARGIN_MM, height, rotate: 0,
  fontSize, alignment: 'left', verticalAlignment: 'top', lineHeight: 1.1, fontColor: '#000000',
} as Schema);

/**
 * The template of a tray-break sheet (docs/requirements/print.md#presort-order: `presorttrayid` / `presortdate`
 * on a sheet between trays): a blank page of the trim size `trim` (mm) with 'TRAY BREAK', the tray
 * id, the presort date and the tray's pieces, and a black band along the right edge so the sheet
 * shows on the side of a stack; then `pages - 1` blank pages, so every piece keeps its sides on
 * the same sheets of a duplex run. Inputs: see `trayBreakInputs`. Texts print in the render
 * threads' default font (embedded like every font of the file).
 */
export function trayBreakTemplate(trim: { width: number; height: number }, pages: number): Template {
  const first: Schema[] = [
    { name: 'band', type: 'rectangle', position: { x: trim.width - BAND_MM, y: 0 }, width: BAND_MM, height: trim.height, rotate: 0, borderWidth: 0, borderColor: '#000000', color: '#000000', readOnly: true } as Schema,
    text('heading', MARGIN_MM, 14, 22, trim, 'TRAY BREAK'),
    text('tray', MARGIN_MM + 18, 22, 34, trim),
    text('date', MARGIN_MM + 44, 10, 14, trim),
    text('detail', MARGIN_MM + 58, 24, 12, trim),
  ];
  return {
    basePdf: { width: trim.width, height: trim.height, padding: [0, 0, 0, 0] },
    schemas: [first, ...Array.from({ length: Math.max(0, pages - 1) }, () => [])],
  };
}

/**
 * The inputs of the sheet before tray `run` (the `index`-th of `trays`, 0-based) of a print file
 * of `pieces` pieces: 'Tray {presorttrayid}', 'Presort date {presortdate}' (blank without one), and
 * 'Tray i of n · N pieces · pieces a–b of total'.
 */
export function trayBreakInputs(run: TrayRun, index: number, trays: number, pieces: number): Record<string, string> {
  const n = (v: number) => v.toLocaleString('en-US');
  return {
    tray: `Tray ${run.tray || '(no tray id)'}`,
    date: run.date ? `Presort date ${run.date}` : '',
    detail: `Tray ${n(index + 1)} of ${n(trays)} · ${n(run.count)} piece${run.count === 1 ? '' : 's'}\nPieces ${n(run.first)}–${n(run.first + run.count - 1)} of ${n(pieces)}`,
  };
}
