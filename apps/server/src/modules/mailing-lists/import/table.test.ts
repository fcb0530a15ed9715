import { describe, expect, it } from 'vitest';
import { CELL_MAX_CHARS, LIST_MESSAGES, UPLOAD_MAX_CELLS, UPLOAD_MAX_COLUMNS, UPLOAD_MAX_TEXT_CHARS } from '@mailcraft/shared';
import { cleanHeaders, extraColumnName } from './headers.js';
import { readTable } from './table.js';

async function* from(rows: string[][]): AsyncGenerator<string[]> {
  yield* rows;
}
async function collect(rows: string[][], opts: { batchRows?: number; maxRows?: number } = {}) {
  const table = await readTable(from(rows), opts);
  const batches: string[][][] = [];
  for await (const b of table.batches) batches.push(b);
  return { headers: table.headers, batches };
}

describe('headers', () => {
  it('trims, names blanks by position and suffixes duplicates without clashing', () => {
    expect(cleanHeaders([' Email ', '', 'Email', 'Email', 'Email_2', '  '])).toEqual(['Email', 'Column 2', 'Email_3', 'Email_4', 'Email_2', 'Column 6']);
    expect(cleanHeaders(['Column 2', ''])).toEqual(['Column 2', 'Column 2_2']);
    expect(extraColumnName(3, ['a', 'b'])).toBe('Column 3');
    expect(extraColumnName(3, ['Column 3', 'b'])).toBe('Column 3_2');
  });
});

describe('readTable', () => {
  it('hands rows on in batches, skipping blank rows, header first non-blank row', async () => {
    const rows = [[''], ['', ' '], ['name'], ...Array.from({ length: 5 }, (_, i) => [`p${i}`]), ['  ']];
    const t = await collect(rows, { batchRows: 2 });
    expect(t.headers).toEqual(['name']);
    expect(t.batches).toEqual([[['p0'], ['p1']], [['p2'], ['p3']], [['p4']]]);
  });

  it('pads short rows, drops empty cells past the header, grows the header for extra data', async () => {
    const t = await collect([['a', 'b', ''], ['1'], ['1', '2', '', ' '], ['1', '2', '3']]);
    expect(t.headers).toEqual(['a', 'b', 'Column 3']);
    expect(t.batches[0]).toEqual([['1', ''], ['1', '2'], ['1', '2', '3']]);
  });

  it('keeps values exactly as they are', async () => {
    const t = await collect([['a'], ['  spaced  '], ['line\nbreak']]);
    expect(t.batches[0]).toEqual([['  spaced  '], ['line\nbreak']]);
  });

  it('throws the spec messages for empty, header-only and too long tables', async () => {
    await expect(collect([[''], [' ', '']])).rejects.toMatchObject({ code: 'UNPROCESSABLE', message: 'The file is empty' });
    await expect(collect([['a', 'b'], ['', '']])).rejects.toMatchObject({ message: 'The file has a header row but no data rows' });
    await expect(collect([['a'], ['1'], ['2'], ['3']], { maxRows: 2 })).rejects.toMatchObject({ message: 'The file has more than 250,000 rows' });
    await expect(collect([['a'], ['1'], ['2']], { maxRows: 2 })).resolves.toMatchObject({ batches: [[['1'], ['2']]] });
  });

  it('bounds columns, cells and text whatever the row count, as soon as each is passed', async () => {
    const tooMany = { code: 'UNPROCESSABLE' };
    const wide = Array.from({ length: UPLOAD_MAX_COLUMNS + 1 }, (_, i) => `c${i}`);
    await expect(collect([wide, ['1']])).rejects.toMatchObject({ ...tooMany, message: LIST_MESSAGES.tooManyColumns });
    await expect(collect([['a'], wide])).rejects.toMatchObject({ ...tooMany, message: LIST_MESSAGES.tooManyColumns });
    // The same row object again and again: the cells are counted, not the memory.
    const columns = 40;
    const row = Array.from({ length: columns }, (_, i) => `v${i}`);
    const cellRows = Array.from({ length: UPLOAD_MAX_CELLS / columns + 1 }, () => row);
    await expect(collect([row, ...cellRows])).rejects.toMatchObject({ ...tooMany, message: LIST_MESSAGES.tooManyCells });
    await expect(collect([row, ...cellRows.slice(1)])).resolves.toBeDefined();
    // A small .xlsx can repeat one long shared string in every cell.
    const long = ['x'.repeat(CELL_MAX_CHARS)];
    const textRows = Array.from({ length: UPLOAD_MAX_TEXT_CHARS / CELL_MAX_CHARS + 1 }, () => long);
    await expect(collect([['notes'], ...textRows])).rejects.toMatchObject({ ...tooMany, message: LIST_MESSAGES.tooMuchText });
  });
});
