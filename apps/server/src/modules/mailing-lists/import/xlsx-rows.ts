import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { excelCellText } from './cell-text.js';

/**
 * Streams the rows of the first worksheet that has data in an .xlsx file, as the text each
 * cell shows (docs/requirements/mailing-lists.md#file-formats: exceljs streaming reader, 100k rows in ~140 MB). Rows come
 * header first; empty rows are yielded as empty arrays for the caller to skip. Throws whatever
 * exceljs throws for a broken file, and an Error when the ZIP holds no worksheet.
 */
export async function* xlsxRows(bytes: Uint8Array): AsyncGenerator<string[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache', // number formats, to show dates and numbers as Excel does
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let sheets = 0;
  for await (const worksheet of reader) {
    sheets++;
    let hasData = false;
    for await (const row of worksheet) {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: false }, (cell, col) => {
        cells[col - 1] = excelCellText(cell.value, cell.numFmt);
      });
      for (let i = 0; i < cells.length; i++) cells[i] ??= '';
      if (cells.some((c) => c.trim() !== '')) hasData = true;
      yield cells;
    }
    if (hasData) return;
  }
  // A ZIP without worksheets (a .docx renamed, say) is not a workbook.
  if (sheets === 0) throw new Error('No worksheets in the file');
}
