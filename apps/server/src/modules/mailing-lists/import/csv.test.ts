import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { csvRows } from './csv-rows.js';
import { decodeText, detectEncoding } from './decode-text.js';
import { readWholeTable } from './open-table.js';

const fixture = (name: string) => fs.readFileSync(new URL(`../fixtures/${name}`, import.meta.url));
const csv = (text: string | Buffer, name = 'list.csv') => readWholeTable(typeof text === 'string' ? Buffer.from(text) : text, name);

describe('decoding CSV bytes', () => {
  it('detects UTF-8 with and without BOM, UTF-16 LE/BE by BOM, and Windows-1252 for invalid UTF-8', () => {
    expect(detectEncoding(fixture('quoted-crlf.csv'))).toEqual({ encoding: 'utf-8', bomBytes: 3 });
    expect(detectEncoding(fixture('messy-headers.csv'))).toEqual({ encoding: 'utf-8', bomBytes: 0 });
    expect(detectEncoding(fixture('tab-utf16le.csv'))).toEqual({ encoding: 'utf-16le', bomBytes: 2 });
    expect(detectEncoding(fixture('pipe-utf16be.csv'))).toEqual({ encoding: 'utf-16be', bomBytes: 2 });
    expect(detectEncoding(fixture('windows-1252.csv'))).toEqual({ encoding: 'windows-1252', bomBytes: 0 });
  });

  it('reads BOM-less UTF-16 by its NUL bytes', () => {
    expect(detectEncoding(iconv.encode('Name,City\nZoë,Köln\n', 'utf16le')).encoding).toBe('utf-16le');
    expect(detectEncoding(iconv.encode('Name,City\nZoë,Köln\n', 'utf16be')).encoding).toBe('utf-16be');
  });

  it('decodes without the BOM and keeps characters split across chunk borders whole', () => {
    expect(decodeText(fixture('quoted-crlf.csv')).text.startsWith('"Name"')).toBe(true);
    expect(decodeText(fixture('windows-1252.csv')).text).toContain('Café €5,Montréal');
    const long = 'é'.repeat(700_000); // 1.4 MB of two-byte characters: crosses the 1 MB chunk border mid-character
    expect(decodeText(Buffer.from(long)).text).toBe(long);
  });
});

describe('CSV import', () => {
  it('reads CRLF, quoted delimiters, doubled quotes and embedded newlines (UTF-8 with BOM)', async () => {
    const t = await csv(fixture('quoted-crlf.csv'));
    expect(t.headers).toEqual(['Name', 'Note', 'City']);
    expect(t.rows).toEqual([['Smith, John', 'He said "hi"\nand left', 'Paris'], ['Ann', '', '']]);
  });

  it('reads CR-only line ends with semicolons, skips blank rows and keeps values untrimmed', async () => {
    const t = await csv(fixture('semicolon-cr.csv'));
    expect(t.headers).toEqual(['first', 'last', 'zip']);
    expect(t.rows).toEqual([['  Ann ', 'Lee', '08014'], ['Bo', 'Chen', '94107']]);
  });

  it('reads UTF-16 LE tab-separated and UTF-16 BE pipe-separated files', async () => {
    for (const name of ['tab-utf16le.csv', 'pipe-utf16be.csv']) {
      const t = await csv(fixture(name));
      expect(t.headers).toEqual(['Name', 'City']);
      expect(t.rows).toEqual([['Zoë', 'Köln'], ['Mia', 'Århus']]);
    }
  });

  it('reads Windows-1252 when the bytes are not UTF-8', async () => {
    const t = await csv(fixture('windows-1252.csv'));
    expect(t.rows).toEqual([['José', 'Zürich'], ['Café €5', 'Montréal']]);
  });

  it('detects each delimiter with LF, CRLF and CR line ends', async () => {
    for (const d of [',', ';', '\t', '|']) {
      for (const nl of ['\n', '\r\n', '\r']) {
        const t = await csv(['a', 'b', 'c'].join(d) + nl + ['1', '2, 3', '4'].join(d).replace('2, 3', d === ',' ? '"2, 3"' : '2, 3') + nl);
        expect(t.headers, JSON.stringify({ d, nl })).toEqual(['a', 'b', 'c']);
        expect(t.rows).toEqual([['1', '2, 3', '4']]);
      }
    }
  });

  it('parses the same whatever the chunk size: records, quotes and CRLF split across chunk borders', async () => {
    const bytes = Buffer.from('name,note\r\n"Smith, John","He said ""hi""\r\nand left"\r\nAnn,"x"\r\n');
    const collect = async (chunk: number) => {
      const rows = [];
      for await (const r of csvRows(bytes, chunk)) if (r.some((c) => c !== '')) rows.push(r); // blank rows are the table's to skip
      return rows;
    };
    const whole = await collect(1 << 20);
    expect(whole).toEqual([['name', 'note'], ['Smith, John', 'He said "hi"\r\nand left'], ['Ann', 'x']]);
    for (let chunk = 1; chunk < 12; chunk++) expect(await collect(chunk), `chunk ${chunk}`).toEqual(whole);
  });

  it('refuses a file whose unbalanced quote leaves a record open for megabytes', async () => {
    const text = 'a,b\n"x,1\n' + 'yyyyyyyyyy,2\n'.repeat(400_000);
    await expect(csv(text)).rejects.toMatchObject({ message: 'The file is not a valid spreadsheet' });
  });

  it('cleans headers: trimmed, blank → Column N, duplicates made unique; pads short rows, names extra columns', async () => {
    const t = await csv(fixture('messy-headers.csv'));
    expect(t.headers).toEqual(['Email', 'Column 2', 'Email_3', 'Name', 'Email_2', 'Column 6']);
    expect(t.rows).toEqual([
      [' a@x.com ', 'b', 'c', 'Zoë', 'e'],
      ['short', '', '', '', ''],
      ['f', 'g', 'h', 'i', 'j', 'extra'],
    ]);
  });

  it('skips blank rows before the header and reads a single column', async () => {
    expect(await csv('\n,,\nemail\na@x.com\n')).toMatchObject({ headers: ['email'], rows: [['a@x.com']] });
    expect((await csv(fixture('single-column.csv'))).rows).toEqual([['a@x.com'], ['b@x.com']]);
  });

  it('refuses empty, header-only and binary files with the spec messages', async () => {
    await expect(csv('')).rejects.toMatchObject({ code: 'UNPROCESSABLE', message: 'The file is empty' });
    await expect(csv('\r\n ,  \r\n')).rejects.toMatchObject({ message: 'The file is empty' });
    await expect(csv(fixture('header-only.csv'))).rejects.toMatchObject({ message: 'The file has a header row but no data rows' });
    await expect(csv(fixture('not-a-spreadsheet.png'))).rejects.toMatchObject({ message: 'The file is not a valid spreadsheet' });
  });

  it('refuses other extensions (415) and stops past the row limit', async () => {
    await expect(csv('a\n1\n', 'list.txt')).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Only .csv, .xls and .xlsx files are accepted' });
    await expect(csv('a\n1\n', 'LIST.CSV')).resolves.toMatchObject({ rows: [['1']] });
    const tooMany = 'n\n' + '1\n'.repeat(250_001);
    await expect(csv(tooMany)).rejects.toMatchObject({ message: 'The file has more than 250,000 rows' });
  });
});
