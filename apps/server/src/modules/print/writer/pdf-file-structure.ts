import { PDFHexString, PDFString } from '@pdfme/pdf-lib';

/**
 * The file-level frame of a print file, shared by the chunk merger and the direct writer
 * (docs/architecture.md#print-renderer): header, page tree, catalog with the output intent,
 * document info, xref table and trailer. Object 1 is the catalog, 2 the page tree root.
 */

export const PDF_HEADER = Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n', 'latin1');
export const CATALOG = 1;
export const PAGES_ROOT = 2;
/** The first object number free for content. */
export const FIRST_OBJECT = 3;
/** Pages per intermediate page-tree node, so readers never scan one huge Kids array. */
const PAGES_PER_NODE = 256;

/** What `finish` puts in the file beside the pages: the title (document info) and the output intent (an RGB ICC profile and its name). */
export type PrintFileMeta = { title?: string; outputIntent?: { profile: Uint8Array; name: string } };

/** A written object: its number and its bytes (`n 0 obj … endobj`). */
export type WrittenObject = { num: number; bytes: Buffer };

const object = (num: number, body: string): WrittenObject => ({ num, bytes: Buffer.from(`${num} 0 obj\n${body}\nendobj\n`, 'latin1') });

/**
 * The page tree of a file written page by page: a page's parent is known when the page is
 * written; the nodes are written at the end. Memory: one number per page.
 */
export class PageTree {
  /** Intermediate nodes: object number and their pages' object numbers. */
  private readonly nodes: Array<{ num: number; kids: number[] }> = [];
  private count = 0;

  /** Pages added so far. */
  get pages(): number {
    return this.count;
  }

  /** Adds the page `pageNum` and answers its parent node's object number (a new node from `allocate` every PAGES_PER_NODE pages). */
  add(pageNum: number, allocate: () => number): number {
    let node = this.nodes.at(-1);
    if (!node || node.kids.length >= PAGES_PER_NODE) {
      node = { num: allocate(), kids: [] };
      this.nodes.push(node);
    }
    node.kids.push(pageNum);
    this.count++;
    return node.num;
  }

  /**
   * The objects written after the last page: page-tree nodes and root, the output intent's ICC
   * profile, the catalog and the document info (numbers from `allocate`); `info` is the info's number.
   */
  closingObjects(allocate: () => number, meta: PrintFileMeta): { objects: WrittenObject[]; info: number } {
    const objects = this.nodes.map((node) =>
      object(node.num, `<< /Type /Pages /Parent ${PAGES_ROOT} 0 R /Kids [${node.kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${node.kids.length} >>`));
    objects.push(object(PAGES_ROOT, `<< /Type /Pages /Kids [${this.nodes.map((n) => `${n.num} 0 R`).join(' ')}] /Count ${this.count} >>`));
    let intents = '';
    if (meta.outputIntent) {
      const icc = allocate();
      const { profile, name } = meta.outputIntent;
      objects.push({ num: icc, bytes: Buffer.concat([Buffer.from(`${icc} 0 obj\n<< /N 3 /Length ${profile.length} >>\nstream\n`, 'latin1'), profile, Buffer.from('\nendstream\nendobj\n', 'latin1')]) });
      const id = PDFString.of(name).toString();
      intents = ` /OutputIntents [<< /Type /OutputIntent /S /GTS_PDFX /OutputConditionIdentifier ${id} /Info ${id} /DestOutputProfile ${icc} 0 R >>]`;
    }
    objects.push(object(CATALOG, `<< /Type /Catalog /Pages ${PAGES_ROOT} 0 R${intents} >>`));
    const info = allocate();
    const title = PDFHexString.fromText(meta.title ?? 'Mail pieces').toString(); // UTF-16: any project name
    const date = PDFString.fromDate(new Date()).toString();
    objects.push(object(info, `<< /Title ${title} /Producer (Mailcraft) /Creator (Mailcraft) /CreationDate ${date} >>`));
    return { objects, info };
  }
}

/**
 * The xref table and trailer of a file whose objects are numbered 1 … `size` - 1, `offsetOf(n)`
 * giving where object n starts (undefined: never written, listed as free), the table starting
 * at byte `xrefAt`. 20 bytes per object.
 */
export function xrefAndTrailer(offsetOf: (num: number) => number | undefined, size: number, info: number, xrefAt: number): Buffer {
  const head = `xref\n0 ${size}\n`;
  const rows = Buffer.alloc(size * 20);
  rows.write('0000000000 65535 f\r\n', 0, 'latin1');
  for (let n = 1; n < size; n++) {
    const at = offsetOf(n);
    rows.write(at === undefined ? '0000000000 65535 f\r\n' : `${String(at).padStart(10, '0')} 00000 n\r\n`, n * 20, 'latin1');
  }
  const tail = `trailer\n<< /Size ${size} /Root ${CATALOG} 0 R /Info ${info} 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), rows, Buffer.from(tail, 'latin1')]);
}
