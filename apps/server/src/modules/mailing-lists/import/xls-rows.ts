import * as XLSX from '@e965/xlsx';
import { formatNumber } from './cell-text.js';

/**
 * The rows of the first sheet that has data in a legacy .xls (BIFF) workbook, read with SheetJS
 * (DESIGN.md: only for .xls; the format holds at most 65,536 rows a sheet, so reading it whole
 * is bounded). Cells are the text Excel shows: numbers and dates through their number format,
 * text as is. Rows come header first; empty rows are yielded as empty arrays.
 */
export async function* xlsRows(bytes: Uint8Array): AsyncGenerator<string[]> {
  const workbook = XLSX.read(bytes, { type: 'array', cellNF: true, cellDates: false, cellHTML: false, dense: false });
  for (const name of workbook.SheetNames) {
    const sheet = workbook.Sheets[name];
    if (!sheet?.['!ref']) continue;
    const range = XLSX.utils.decode_range(sheet['!ref']);
    const rows: string[][] = [];
    let hasData = false;
    for (let r = range.s.r; r <= range.e.r; r++) {
      const cells: string[] = [];
      for (let c = 0; c <= range.e.c; c++) {
        const cell = sheet[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined;
        cells.push(cell ? sheetJsCellText(cell) : '');
      }
      while (cells.length && cells[cells.length - 1] === '') cells.pop();
      if (cells.some((v) => v.trim() !== '')) hasData = true;
      rows.push(cells);
    }
    if (hasData) {
      yield* rows;
      return;
    }
  }
}

function sheetJsCellText(cell: XLSX.CellObject): string {
  switch (cell.t) {
    case 'n': return formatNumber(cell.v as number, typeof cell.z === 'string' ? cell.z : undefined);
    case 'b': return cell.v ? 'TRUE' : 'FALSE';
    case 'e': return cell.w ?? '#ERROR';
    case 'z': return '';
    default: return cell.v === undefined || cell.v === null ? '' : String(cell.v);
  }
}
