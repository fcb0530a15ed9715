import * as XLSX from '@e965/xlsx';

/**
 * Counting the cells of a legacy .xls before SheetJS reads it: SheetJS holds a whole workbook in
 * memory (~0.5 KB of heap per cell), so a 6 MB file of a million number cells costs ~500 MB and a
 * 50 MB one ran the server out of memory. The count reads only record headers (BIFF8, [MS-XLS]
 * 2.1.4: a 2-byte type and a 2-byte length before each record), no cell is decoded.
 */

/** Record types that hold one cell value ([MS-XLS] 2.4): NUMBER, RK, LABELSST, LABEL, FORMULA, BOOLERR, RSTRING. */
const ONE_CELL = new Set([0x0203, 0x027e, 0x00fd, 0x0204, 0x0006, 0x0205, 0x00d6]);
/** MULRK: `rw, colFirst, (ixfe, RK)×n, colLast` — 6 bytes of header and trailer, 6 per cell. */
const MULRK = 0x00bd;
/** BOF of a substream; its second field says which kind (0x0010 a worksheet). */
const BOF = 0x0809;
const WORKSHEET = 0x0010;

/** The workbook stream of an OLE2 compound file ('Workbook' in BIFF8, 'Book' in BIFF5), or null. */
function workbookStream(bytes: Uint8Array): Uint8Array | null {
  // SheetJS's own compound-file reader (CFB), as XLSX.read uses it: the FAT, not the cells.
  // Given a Buffer, CFB hands stream contents back as Buffers (given a Uint8Array, as plain arrays).
  const cfb = XLSX.CFB.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { type: 'buffer' }) as unknown;
  const find = XLSX.CFB.find as (cfb: unknown, path: string) => { content?: ArrayLike<number> } | null;
  const content = (find(cfb, 'Workbook') ?? find(cfb, 'Book'))?.content;
  if (!content) return null;
  return content instanceof Uint8Array ? content : Uint8Array.from(content);
}

/**
 * Cells with a value in the worksheets of an .xls file (blank-but-formatted cells, which SheetJS
 * skips, are not counted), or null when the bytes are not a compound file with a workbook stream
 * (SheetJS then refuses it as it would anyway). Reading stops at the first record that runs past
 * the end of the stream, as SheetJS's does.
 */
export function xlsCellCount(bytes: Uint8Array): number | null {
  let stream: Uint8Array | null;
  try {
    stream = workbookStream(bytes);
  } catch {
    return null;
  }
  if (!stream) return null;
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  let cells = 0;
  let inWorksheet = false;
  for (let at = 0; at + 4 <= view.byteLength;) {
    const type = view.getUint16(at, true);
    const length = view.getUint16(at + 2, true);
    if (at + 4 + length > view.byteLength) break;
    if (type === BOF) inWorksheet = length >= 4 && view.getUint16(at + 6, true) === WORKSHEET;
    else if (inWorksheet && ONE_CELL.has(type)) cells++;
    else if (inWorksheet && type === MULRK && length >= 6) cells += Math.floor((length - 6) / 6);
    at += 4 + length;
  }
  return cells;
}
