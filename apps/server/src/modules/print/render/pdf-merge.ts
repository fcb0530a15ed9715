import fs from 'node:fs/promises';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNull, PDFObject, PDFRef, PDFStream, PDFString } from '@pdfme/pdf-lib';

/** Pages per intermediate page-tree node, so readers never scan one huge Kids array. */
const PAGES_PER_NODE = 256;
const CATALOG = 1;
const PAGES_ROOT = 2;

/**
 * Streams several PDFs (the rendered chunks, in order) into one file without holding the whole
 * output in memory (docs/architecture.md#print-renderer): each chunk is loaded on its own with pdf-lib,
 * its objects renumbered and appended to the file; `finish()` writes the page tree, catalog,
 * info, xref table and trailer. Memory is one chunk plus 8 bytes per output object.
 *
 * Usage: `const m = await PdfStreamMerger.create(path); await m.append(bytes)…; await m.finish()`.
 * The file is incomplete until `finish()`; call `abort()` to close it on failure.
 */
export class PdfStreamMerger {
  private offset = 0;
  private readonly offsets: number[] = [];
  private nextNumber = PAGES_ROOT + 1;
  /** Intermediate page-tree nodes: object number and their pages' object numbers. */
  private readonly nodes: Array<{ num: number; kids: number[] }> = [];
  private pageCount = 0;

  private constructor(private readonly file: fs.FileHandle) {}

  /** Opens (truncates) `path` and writes the PDF header. */
  static async create(path: string): Promise<PdfStreamMerger> {
    const merger = new PdfStreamMerger(await fs.open(path, 'w'));
    await merger.write(Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n', 'latin1'));
    return merger;
  }

  /** Pages appended so far. */
  get pages(): number {
    return this.pageCount;
  }

  private async write(buf: Buffer): Promise<void> {
    await this.file.write(buf, 0, buf.length, this.offset);
    this.offset += buf.length;
  }

  private allocate(): number {
    return this.nextNumber++;
  }

  /** The parent node of the next page (a new node every PAGES_PER_NODE pages). */
  private parentForNextPage(pageNum: number): number {
    let node = this.nodes.at(-1);
    if (!node || node.kids.length >= PAGES_PER_NODE) {
      node = { num: this.allocate(), kids: [] };
      this.nodes.push(node);
    }
    node.kids.push(pageNum);
    this.pageCount++;
    return node.num;
  }

  /**
   * Appends every page of `pdf` (bytes of a complete PDF, e.g. one `generate()` result) with
   * the objects they use; `edit`, when given, changes the loaded chunk first (e.g. its page
   * boxes, docs/requirements/print.md#print). Throws pdf-lib's parse error for a damaged PDF.
   */
  async append(pdf: Uint8Array, edit?: (doc: PDFDocument) => void): Promise<void> {
    const doc = await PDFDocument.load(pdf, { parseSpeed: Infinity, updateMetadata: false });
    edit?.(doc);
    const ctx = doc.context;
    const skip = new Set<PDFRef>();
    const catalogRef = ctx.trailerInfo.Root as PDFRef;
    skip.add(catalogRef);
    if (ctx.trailerInfo.Info instanceof PDFRef) skip.add(ctx.trailerInfo.Info);
    const renumber = new Map<PDFRef, PDFRef>();
    const pages = doc.getPages();
    const parents: Array<[PDFDict, number]> = [];
    // Page-tree nodes of the chunk are replaced by ours.
    for (const [ref, obj] of ctx.enumerateIndirectObjects()) {
      if (obj instanceof PDFDict && obj.get(PDFName.Type) === PDFName.of('Pages')) skip.add(ref);
    }
    for (const page of pages) {
      const leaf = page.node;
      for (const key of ['Resources', 'MediaBox', 'CropBox', 'Rotate']) {
        const name = PDFName.of(key);
        const inherited = leaf.getInheritableAttribute(name);
        if (!leaf.get(name) && inherited) leaf.set(name, inherited);
      }
      const num = this.allocate();
      renumber.set(page.ref, PDFRef.of(num));
      parents.push([leaf, this.parentForNextPage(num)]);
    }
    for (const [ref] of ctx.enumerateIndirectObjects()) {
      if (!skip.has(ref) && !renumber.has(ref)) renumber.set(ref, PDFRef.of(this.allocate()));
    }
    const seen = new Set<PDFObject>(); // a direct dict shared by two objects is rewritten once
    const rewrite = (obj: PDFObject): PDFObject => {
      if (obj instanceof PDFRef) {
        if (obj === catalogRef) return PDFRef.of(CATALOG);
        return renumber.get(obj) ?? (skip.has(obj) ? PDFRef.of(PAGES_ROOT) : PDFNull);
      }
      if (!(obj instanceof PDFDict || obj instanceof PDFArray || obj instanceof PDFStream) || seen.has(obj)) return obj;
      seen.add(obj);
      if (obj instanceof PDFDict) {
        for (const [key, value] of obj.entries()) obj.set(key, rewrite(value));
      } else if (obj instanceof PDFArray) {
        for (let i = 0; i < obj.size(); i++) obj.set(i, rewrite(obj.get(i)));
      } else if (obj instanceof PDFStream) {
        rewrite(obj.dict);
      }
      return obj;
    };
    for (const [ref, obj] of ctx.enumerateIndirectObjects()) if (renumber.has(ref)) rewrite(obj);
    for (const [leaf, parent] of parents) leaf.set(PDFName.Parent, PDFRef.of(parent));
    const parts: Buffer[] = [];
    let size = 0;
    for (const [ref, obj] of ctx.enumerateIndirectObjects()) {
      const target = renumber.get(ref);
      if (!target) continue;
      const head = Buffer.from(`${target.objectNumber} 0 obj\n`, 'latin1');
      const body = Buffer.alloc(obj.sizeInBytes());
      obj.copyBytesInto(body, 0);
      const tail = Buffer.from('\nendobj\n', 'latin1');
      this.offsets[target.objectNumber] = this.offset + size;
      parts.push(head, body, tail);
      size += head.length + body.length + tail.length;
    }
    await this.write(Buffer.concat(parts, size));
  }

  private async writeObject(num: number, body: string): Promise<void> {
    this.offsets[num] = this.offset;
    await this.write(Buffer.from(`${num} 0 obj\n${body}\nendobj\n`, 'latin1'));
  }

  /**
   * Writes the page tree, catalog, document info, xref table and trailer, and closes the file.
   * `title` goes into the document info (PDF text string); `outputIntent` (an RGB ICC profile and
   * its name) is declared in the catalog's /OutputIntents (docs/requirements/print.md#print). Returns the file size in bytes.
   */
  async finish(opts: { title?: string; outputIntent?: { profile: Uint8Array; name: string } } = {}): Promise<number> {
    for (const node of this.nodes) {
      await this.writeObject(node.num, `<< /Type /Pages /Parent ${PAGES_ROOT} 0 R /Kids [${node.kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${node.kids.length} >>`);
    }
    await this.writeObject(PAGES_ROOT, `<< /Type /Pages /Kids [${this.nodes.map((n) => `${n.num} 0 R`).join(' ')}] /Count ${this.pageCount} >>`);
    let intents = '';
    if (opts.outputIntent) {
      const icc = this.allocate();
      this.offsets[icc] = this.offset;
      const { profile, name } = opts.outputIntent;
      await this.write(Buffer.concat([Buffer.from(`${icc} 0 obj\n<< /N 3 /Length ${profile.length} >>\nstream\n`, 'latin1'), profile, Buffer.from('\nendstream\nendobj\n', 'latin1')]));
      const id = PDFString.of(name).toString();
      intents = ` /OutputIntents [<< /Type /OutputIntent /S /GTS_PDFX /OutputConditionIdentifier ${id} /Info ${id} /DestOutputProfile ${icc} 0 R >>]`;
    }
    await this.writeObject(CATALOG, `<< /Type /Catalog /Pages ${PAGES_ROOT} 0 R${intents} >>`);
    const info = this.allocate();
    const title = PDFHexString.fromText(opts.title ?? 'Mail pieces').toString(); // UTF-16: any project name
    const date = PDFString.fromDate(new Date()).toString();
    await this.writeObject(info, `<< /Title ${title} /Producer (Mailcraft) /Creator (Mailcraft) /CreationDate ${date} >>`);

    const size = this.nextNumber;
    const xrefAt = this.offset;
    const rows = ['xref', `0 ${size}`, '0000000000 65535 f\r'];
    for (let n = 1; n < size; n++) {
      const at = this.offsets[n];
      rows.push(at === undefined ? '0000000000 65535 f\r' : `${String(at).padStart(10, '0')} 00000 n\r`);
    }
    rows.push('trailer', `<< /Size ${size} /Root ${CATALOG} 0 R /Info ${info} 0 R >>`, 'startxref', String(xrefAt), '%%EOF', '');
    await this.write(Buffer.from(rows.join('\n'), 'latin1'));
    await this.file.close();
    return this.offset;
  }

  /** Closes the file without completing it (the caller deletes it). */
  async abort(): Promise<void> {
    await this.file.close().catch(() => {});
  }
}
