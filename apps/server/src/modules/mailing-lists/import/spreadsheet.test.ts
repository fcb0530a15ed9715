import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sharedDataFile } from '../../../test/shared-data.js';
import { formatNumber, excelCellText } from './cell-text.js';
import { readWholeTable } from './open-table.js';

const fixture = (name: string) => fs.readFileSync(new URL(`../fixtures/${name}`, import.meta.url));
const shared = (name: string) => fs.readFileSync(sharedDataFile(name));

describe('cell text', () => {
  it('formats numbers as Excel shows them', () => {
    expect(formatNumber(45296, 'm/d/yyyy')).toBe('1/5/2024');
    expect(formatNumber(45296, 'mm-dd-yy')).toBe('1/5/2024'); // built-in 14, the en-US short date
    expect(formatNumber(1234.5, '$#,##0.00')).toBe('$1,234.50');
    expect(formatNumber(0.25, '0%')).toBe('25%');
    expect(formatNumber(8014)).toBe('8014');
    expect(formatNumber(0.1 + 0.2, 'General')).toBe('0.3');
    expect(formatNumber(123456789012345)).toBe('123456789012345');
  });

  it('turns exceljs values into text: formulas, rich text, links, booleans, errors, dates', () => {
    expect(excelCellText({ formula: 'A1*2', result: 2469 }, '#,##0')).toBe('2,469');
    expect(excelCellText({ richText: [{ text: 'Likes ' }, { text: 'maps' }] })).toBe('Likes maps');
    expect(excelCellText({ text: 'example.com', hyperlink: 'https://example.com' })).toBe('example.com');
    expect(excelCellText(true)).toBe('TRUE');
    expect(excelCellText({ error: '#N/A' })).toBe('#N/A');
    expect(excelCellText(new Date(Date.UTC(2024, 11, 31)), 'yyyy-mm-dd')).toBe('2024-12-31');
    expect(excelCellText(null)).toBe('');
  });
});

describe('XLSX and XLS import', () => {
  it('reads the first sheet with data of an .xlsx as displayed text', async () => {
    const t = await readWholeTable(fixture('formats.xlsx'), 'formats.xlsx');
    expect(t.format).toBe('xlsx');
    expect(t.headers).toEqual(['Name', 'Joined', 'Renewal', 'Amount', 'Share', 'Zip', 'Zip Text', 'Total', 'Bio', 'Site', 'Active', 'Account']);
    expect(t.rows).toEqual([
      ['Ann Lee', '1/5/2024', '2024-12-31', '$1,234.50', '25%', '8014', '08014', '2,469', 'Likes maps', 'example.com', 'TRUE', '123456789012345'],
      ['Bo Chen', '', '', '7', '0.5', '94107', '94107', '14', 'plain', '', 'FALSE', '42'],
    ]);
  });

  it('reads a legacy .xls with SheetJS', async () => {
    const t = await readWholeTable(fixture('legacy.xls'), 'legacy.XLS');
    expect(t.format).toBe('xls');
    expect(t.headers).toEqual(['Name', 'Joined', 'Amount', 'Zip']);
    expect(t.rows).toEqual([['Ann Lee', '1/5/2024', '$1,234.50', '8014'], ['Bo Chen', '12/31/2024', '$7.00', '94107']]);
  });

  it('reads by content: an .xlsx named .xls, and tab-separated text named .xls', async () => {
    expect((await readWholeTable(fixture('formats.xlsx'), 'renamed.xls')).format).toBe('xlsx');
    const tsv = await readWholeTable(Buffer.from('Name\tZip\nAnn\t08014\n'), 'export.xls');
    expect(tsv).toMatchObject({ format: 'csv', headers: ['Name', 'Zip'], rows: [['Ann', '08014']] });
  });

  it('refuses an image renamed .xlsx or .xls, a truncated workbook and a ZIP that is no workbook', async () => {
    const png = fixture('not-a-spreadsheet.png');
    const invalid = { code: 'UNPROCESSABLE', message: 'The file is not a valid spreadsheet' };
    await expect(readWholeTable(png, 'photo.xlsx')).rejects.toMatchObject(invalid);
    await expect(readWholeTable(png, 'photo.xls')).rejects.toMatchObject(invalid);
    await expect(readWholeTable(fixture('formats.xlsx').subarray(0, 4000), 'cut.xlsx')).rejects.toMatchObject(invalid);
    await expect(readWholeTable(fixture('legacy.xls').subarray(0, 3000), 'cut.xls')).rejects.toMatchObject(invalid);
    const docx = Buffer.from('UEsDBBQAAAAIAAAAIQDUy8GoBgAAAAQAAAARAAAAd29yZC9kb2N1bWVudC54bWyzqbCzAwBQSwECFAMUAAAACAAAACEA1MvBqAYAAAAEAAAAEQAAAAAAAAAAAAAAgAEAAAAAd29yZC9kb2N1bWVudC54bWxQSwUGAAAAAAEAAQA/AAAANQAAAAAA', 'base64');
    await expect(readWholeTable(docx, 'letter.xlsx')).rejects.toMatchObject(invalid);
  });
});

describe('the shared sample lists', () => {
  it('us-500.csv: 500 rows, 12 columns, CR-only line ends', async () => {
    const t = await readWholeTable(shared('us-500.csv'), 'us-500.csv');
    expect(t.headers).toEqual(['first_name', 'last_name', 'company_name', 'address', 'city', 'county', 'state', 'zip', 'phone1', 'phone2', 'email', 'web']);
    expect(t.rows).toHaveLength(500);
    expect(t.rows[0].slice(0, 4)).toEqual(['James', 'Butt', 'Benton, John B Jr', '6649 N Blue Gum St']);
    expect(t.rows[2][7]).toBe('08014');
    expect(t.rows.every((r) => r.length === 12)).toBe(true);
  });

  it('us-500.xlsx: the same 500 rows, ZIPs as the numbers they are stored as', async () => {
    const t = await readWholeTable(shared('us-500.xlsx'), 'us-500.xlsx');
    expect(t.headers).toHaveLength(12);
    expect(t.rows).toHaveLength(500);
    expect(t.rows[0].slice(0, 4)).toEqual(['James', 'Butt', 'Benton, John B Jr', '6649 N Blue Gum St']);
    expect(t.rows[2].slice(0, 2)).toEqual(['Art', 'Venere']);
    expect(t.rows[2][7]).toBe('8014');
  });

  it('letters-small.csv: 7 rows, the leading space of secondary_line kept', async () => {
    const t = await readWholeTable(shared('letters-small.csv'), 'letters-small.csv');
    expect(t.headers).toEqual(['name', 'amount', 'primary_line', 'secondary_line', 'city', 'state', 'zip_code']);
    expect(t.rows).toHaveLength(7);
    expect(t.rows[2][3]).toBe(' Apt #2');
    expect(t.rows[5][6]).toBe('06475-1246');
  });
});
