import * as XLSX from '@e965/xlsx';
import { LIST_MESSAGES, XLS_MAX_CELLS } from '@mailcraft/shared/list-limits';
import { AppError } from '../../../platform/errors.js';
import { formatNumber } from './cell-text.js';
import { xlsCellCount } from './xls-cell-count.js';

/**
 * The rows of the first sheet that has data in a legacy .xls (BIFF) workbook, read with SheetJS
 * (used for .xls only). SheetJS holds the whole workbook in memory, so the file's cells are
 * counted first (`xlsCellCount`) and a workbook of more than XLS_MAX_CELLS is refused before any
 * cell is decoded: AppError UNPROCESSABLE LIST_MESSAGES.xlsTooManyCells. Cells are the text Excel shows:
 * numbers and dates through their number format, text as is. Rows come header first, numbered
 * from the sheet's first row; empty rows are yielded as empty arrays.
 */
export async function* xlsRows(bytes: Uint8Array): AsyncGenerator<string[]> {
  if ((xlsCellCount(bytes) ?? 0) > XLS_MAX_CELLS) throw new AppError('UNPROCESSABLE', LIST_MESSAGES.xlsTooManyCells);
  // Dense sheets (rows of cells) and no display text per cell: about a fifth less heap per cell.
  const workbook = XLSX.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { type: 'buffer', cellNF: true, cellDates: false, cellHTML: false, cellText: false, dense: true });
  for (const name of workbook.SheetNames) {
    const data = workbook.Sheets[name]?.['!data'];
    if (!data || !data.some((row) => row?.some((cell) => cell && sheetJsCellText(cell).trim() !== ''))) continue;
    for (const row of data) {
      const cells: string[] = [];
      if (row) for (let c = 0; c < row.length; c++) cells.push(row[c] ? sheetJsCellText(row[c]) : '');
      while (cells.length && cells[cells.length - 1] === '') cells.pop();
      yield cells;
    }
    return;
  }
}

function sheetJsCellText(cell: XLSX.CellObject): string {
  switch (cell.t) {
    case 'n': return formatNumber(cell.v as number, typeof cell.z === 'string' ? cell.z : undefined);
    case 'b': return cell.v ? 'TRUE' : 'FALSE';
    case 'e': return XLSX.utils.format_cell(cell) || '#ERROR';
    case 'z': return '';
    default: return cell.v === undefined || cell.v === null ? '' : String(cell.v);
  }
}
