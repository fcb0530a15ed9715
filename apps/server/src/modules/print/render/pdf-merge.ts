import fs from 'node:fs/promises';
import { PDFDict, PDFDocument, PDFName, PDFNull, PDFRef } from '@pdfme/pdf-lib';
import { CATALOG, FIRST_OBJECT, PAGES_ROOT, PDF_HEADER, PageTree, xrefAndTrailer, type PrintFileMeta } from '../writer/pdf-file-structure.js';
import { indirectObjectBytes, rewriteRefs } from '../writer/pdf-renumber.js';

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
  private nextNumber = FIRST_OBJECT;
  private readonly tree = new PageTree();

  private constructor(private readonly file: fs.FileHandle) {}

  /** Opens (truncates) `path` and writes the PDF header. */
  static async create(path: string): Promise<PdfStreamMerger> {
    const merger = new PdfStreamMerger(await fs.open(path, 'w'));
    await merger.write(PDF_HEADER);
    return merger;
  }

  /** Pages appended so far. */
  get pages(): number {
    return this.tree.pages;
  }

  private async write(buf: Buffer): Promise<void> {
    await this.file.write(buf, 0, buf.length, this.offset);
    this.offset += buf.length;
  }

  private allocate(): number {
    return this.nextNumber++;
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
      parents.push([leaf, this.tree.add(num, () => this.allocate())]);
    }
    for (const [ref] of ctx.enumerateIndirectObjects()) {
      if (!skip.has(ref) && !renumber.has(ref)) renumber.set(ref, PDFRef.of(this.allocate()));
    }
    const toCopy = [...ctx.enumerateIndirectObjects()].filter(([ref]) => renumber.has(ref)).map(([, obj]) => obj);
    rewriteRefs(toCopy, (ref) => (ref === catalogRef ? PDFRef.of(CATALOG) : renumber.get(ref) ?? (skip.has(ref) ? PDFRef.of(PAGES_ROOT) : PDFNull)));
    for (const [leaf, parent] of parents) leaf.set(PDFName.Parent, PDFRef.of(parent));
    const parts: Buffer[] = [];
    let size = 0;
    for (const [ref, obj] of ctx.enumerateIndirectObjects()) {
      const target = renumber.get(ref);
      if (!target) continue;
      const bytes = indirectObjectBytes(target.objectNumber, obj);
      this.offsets[target.objectNumber] = this.offset + size;
      parts.push(bytes);
      size += bytes.length;
    }
    await this.write(Buffer.concat(parts, size));
  }

  /**
   * Writes the page tree, catalog, document info, xref table and trailer, and closes the file.
   * `title` goes into the document info (PDF text string); `outputIntent` (an RGB ICC profile and
   * its name) is declared in the catalog's /OutputIntents (docs/requirements/print.md#print). Returns the file size in bytes.
   */
  async finish(opts: PrintFileMeta = {}): Promise<number> {
    const { objects, info } = this.tree.closingObjects(() => this.allocate(), opts);
    for (const { num, bytes } of objects) {
      this.offsets[num] = this.offset;
      await this.write(bytes);
    }
    await this.write(xrefAndTrailer((n) => this.offsets[n], this.nextNumber, info, this.offset));
    await this.file.close();
    return this.offset;
  }

  /** Closes the file without completing it (the caller deletes it). */
  async abort(): Promise<void> {
    await this.file.close().catch(() => {});
  }
}
