import fs from 'node:fs/promises';
import { decodeFragment, fontResourceName, type BlobRef, type FragmentForm, type FragmentFont, type FragmentImage, type FragmentPage, type PdfBox } from './fragment.js';
import { embeddedFontObjects, standardFontDict, type FontGlyphs } from './font-objects.js';
import { formXObjects } from './form-xobject.js';
import { FIRST_OBJECT, PDF_HEADER, PageTree, xrefAndTrailer, type PrintFileMeta, type WrittenObject } from './pdf-file-structure.js';
import { pdfArray, pdfName, pdfNumber } from './pdf-syntax.js';

/** Bytes collected before they are written: one sequential write per MB. */
const WRITE_BATCH = 1 << 20;
/**
 * Images, forms and Resources dictionaries remembered by key so each is written once; past this
 * many the memory is cleared (a per-piece image or form never repeats; a shared one is written
 * again once after a clear), so memory stays bounded whatever the file's size.
 */
const REMEMBERED = 10_000;

/** Where the bytes go: a file, or memory for previews and proofs; `close` answers the result of `finish`. */
type Sink<R> = { write(bytes: Buffer): Promise<void>; close(): Promise<R>; abort(): Promise<void> };

export type PdfFileWriterOptions = {
  /** The TTF/OTF bytes of an embedded font by the name fragments use, or null when there is no such font. */
  fontBytes: (name: string) => Uint8Array | null;
};

/** Remembers `key` → `num` in a map of at most REMEMBERED entries. */
function remember(map: Map<string, number>, key: string, num: number): number {
  if (map.size >= REMEMBERED) map.clear();
  map.set(key, num);
  return num;
}

/**
 * Writes a print file from the fragments the render threads produce (docs/architecture.md#print-renderer),
 * in order, streaming: each page is written as it comes (its content stream, a Resources
 * dictionary shared by pages with the same resources, the page dictionary), each image and
 * fallback form once per file by its key, and each embedded font at `finish`, subset to the
 * glyphs every fragment reported, under an object number the pages referenced from the start.
 * Then the page tree, catalog (output intent), info, xref and trailer, as `PdfStreamMerger` writes them.
 *
 * Memory: 8 bytes per object (its offset), one number per page (the page tree), the distinct
 * glyphs of each font, and up to REMEMBERED keys; plus the fragment being written.
 *
 * Usage: `const w = await PdfFileWriter.create(path, { fontBytes }); await w.append(fragment)…;
 * await w.finish(meta)` (the file's size), or `PdfFileWriter.inMemory(opts)` whose `finish`
 * answers the PDF bytes. The file is incomplete until `finish`; `abort()` closes it on failure.
 */
export class PdfFileWriter<R> {
  private offset = 0;
  /** Offset + 1 of each object by number (0: not written). */
  private offsets = new Float64Array(1 << 12);
  private nextNumber = FIRST_OBJECT;
  private readonly tree = new PageTree();
  private pending: Buffer[] = [];
  private pendingSize = 0;
  private done = false;
  private readonly standardFonts = new Map<string, number>();
  private readonly embeddedFonts = new Map<string, { num: number; glyphs: FontGlyphs }>();
  private readonly images = new Map<string, number>();
  private readonly forms = new Map<string, number>();
  private readonly resources = new Map<string, number>();
  private readonly fallbackCounts: Record<string, number> = {};

  private constructor(private readonly sink: Sink<R>, private readonly opts: PdfFileWriterOptions) {
    this.push(PDF_HEADER);
  }

  /** A writer to `path` (created or truncated); `finish` answers the file's size in bytes. Throws when the file cannot be opened. */
  static async create(path: string, opts: PdfFileWriterOptions): Promise<PdfFileWriter<number>> {
    const file = await fs.open(path, 'w');
    let size = 0;
    const sink: Sink<number> = {
      write: async (bytes) => {
        await file.write(bytes, 0, bytes.length, size);
        size += bytes.length;
      },
      close: async () => {
        await file.close();
        return size;
      },
      abort: () => file.close().catch(() => {}),
    };
    return new PdfFileWriter(sink, opts);
  }

  /** A writer in memory (previews, proofs); `finish` answers the PDF. */
  static inMemory(opts: PdfFileWriterOptions): PdfFileWriter<Buffer> {
    const parts: Buffer[] = [];
    return new PdfFileWriter<Buffer>({ write: async (bytes) => void parts.push(bytes), close: async () => Buffer.concat(parts), abort: async () => {} }, opts);
  }

  /** Pages written so far. */
  get pages(): number {
    return this.tree.pages;
  }

  /** Elements the fragments so far left to pdfme (`FragmentHeader.fallbacks`), by element type. */
  get fallbacks(): Readonly<Record<string, number>> {
    return this.fallbackCounts;
  }

  private allocate = (): number => this.nextNumber++;

  private push(bytes: Buffer | Uint8Array): void {
    const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.pending.push(buf);
    this.pendingSize += buf.length;
    this.offset += buf.length;
  }

  private async flush(always: boolean): Promise<void> {
    if (this.pendingSize === 0 || (!always && this.pendingSize < WRITE_BATCH)) return;
    const bytes = Buffer.concat(this.pending, this.pendingSize);
    this.pending = [];
    this.pendingSize = 0;
    await this.sink.write(bytes);
  }

  private startObject(num: number): void {
    if (num >= this.offsets.length) {
      const grown = new Float64Array(Math.max(this.offsets.length * 2, num + 1));
      grown.set(this.offsets);
      this.offsets = grown;
    }
    this.offsets[num] = this.offset + 1;
  }

  /** Writes object `num`: `dict` alone, or with `stream` (then `dict` holds its /Length). */
  private object(num: number, dict: string, stream?: Uint8Array): void {
    this.startObject(num);
    if (!stream) {
      this.push(Buffer.from(`${num} 0 obj\n${dict}\nendobj\n`, 'latin1'));
      return;
    }
    this.push(Buffer.from(`${num} 0 obj\n${dict}\nstream\n`, 'latin1'));
    this.push(stream);
    this.push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
  }

  private written(objects: WrittenObject[]): void {
    for (const { num, bytes } of objects) {
      this.startObject(num);
      this.push(bytes);
    }
  }

  private assertOpen(): void {
    if (this.done) throw new Error('The print file was already finished or aborted');
  }

  /**
   * Appends the pages of an encoded fragment (`encodeFragment`), in order. Throws on a damaged
   * fragment, a page using a font, image or form its fragment does not list, a font name with
   * no font (`fontBytes` null), or pdf-lib's parse error for a damaged fallback form; the file is
   * then unusable (`abort()` it).
   */
  async append(fragment: Uint8Array): Promise<void> {
    this.assertOpen();
    const { header, blob } = decodeFragment(fragment);
    const fonts = new Map<string, number>(); // by `fontResourceName`
    for (const f of header.fonts) fonts.set(fontResourceName(f), this.font(f));
    const xobjects = new Map<string, number>();
    for (const image of header.images) xobjects.set(image.key, this.image(image, blob));
    for (const form of header.forms) {
      xobjects.set(form.key, await this.form(form, blob));
      await this.flush(false);
    }
    for (const page of header.pages) {
      this.page(page, blob, fonts, xobjects);
      await this.flush(false);
    }
    await this.flush(true); // nothing of the fragment is kept past its append
    for (const [type, n] of Object.entries(header.fallbacks)) this.fallbackCounts[type] = (this.fallbackCounts[type] ?? 0) + n;
  }

  /** The object number of a fragment's font, recording the glyphs it used. */
  private font(f: FragmentFont): number {
    if (f.standard) {
      let num = this.standardFonts.get(f.name);
      if (num === undefined) {
        this.standardFonts.set(f.name, (num = this.allocate()));
        this.object(num, standardFontDict(f.name));
      }
      return num;
    }
    let font = this.embeddedFonts.get(f.name);
    if (!font) {
      if (!this.opts.fontBytes(f.name)) throw new Error(`The print font '${f.name}' is not available (neither built in, uploaded nor a fallback font)`);
      this.embeddedFonts.set(f.name, (font = { num: this.allocate(), glyphs: new Map() }));
    }
    for (const [gid, unicode, width] of f.glyphs) {
      if (!Number.isInteger(gid) || gid < 0 || gid > 0xffff) throw new Error(`Print fragment: glyph id ${gid} of font '${f.name}' is not a 2-byte glyph id`);
      if (!font.glyphs.has(gid)) font.glyphs.set(gid, [unicode, width]);
    }
    return font.num;
  }

  private image(image: FragmentImage, blob: (ref: BlobRef) => Uint8Array): number {
    const known = this.images.get(image.key);
    if (known !== undefined) return known;
    const size = `/Width ${image.width} /Height ${image.height}`;
    let smask = '';
    if (image.smask) {
      const num = this.allocate();
      const data = blob(image.smask);
      this.object(num, `<< /Type /XObject /Subtype /Image ${size} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode /Length ${data.length} >>`, data);
      smask = ` /SMask ${num} 0 R`;
    }
    const num = this.allocate();
    const data = blob(image.data);
    const decode = image.decode ? ` /Decode ${pdfArray(image.decode)}` : '';
    this.object(num, `<< /Type /XObject /Subtype /Image ${size} /ColorSpace /${image.colorSpace} /BitsPerComponent ${image.bitsPerComponent} /Filter /${image.filter}${decode}${smask} /Length ${data.length} >>`, data);
    return remember(this.images, image.key, num);
  }

  private async form(form: FragmentForm, blob: (ref: BlobRef) => Uint8Array): Promise<number> {
    const known = this.forms.get(form.key);
    if (known !== undefined) return known;
    const num = this.allocate();
    this.written(await formXObjects(blob(form.pdf), num, this.allocate));
    return remember(this.forms, form.key, num);
  }

  /** The object number of a Resources dictionary, written when no page of the file used the same one yet. */
  private resourcesDict(page: FragmentPage, fonts: Map<string, number>, xobjects: Map<string, number>): number {
    const entries = <T>(record: Record<string, T> | undefined, value: (name: string, v: T) => string) =>
      Object.entries(record ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, v]) => `${pdfName(name)} ${value(name, v)}`).join(' ');
    const parts: string[] = [];
    const { font, xobject, extGState } = page.resources;
    if (font && Object.keys(font).length) {
      parts.push(`/Font << ${entries(font, (res, name) => {
        const num = fonts.get(name);
        if (num === undefined) throw new Error(`Print fragment: a page uses font '${name}' (${res}), which its fragment does not list`);
        return `${num} 0 R`;
      })} >>`);
    }
    if (xobject && Object.keys(xobject).length) {
      parts.push(`/XObject << ${entries(xobject, (res, key) => {
        const num = xobjects.get(key);
        if (num === undefined) throw new Error(`Print fragment: a page uses image or form '${key}' (${res}), which its fragment does not list`);
        return `${num} 0 R`;
      })} >>`);
    }
    if (extGState && Object.keys(extGState).length) {
      const gs = (g: { ca?: number; CA?: number }) => `<< /Type /ExtGState${g.ca === undefined ? '' : ` /ca ${pdfNumber(g.ca)}`}${g.CA === undefined ? '' : ` /CA ${pdfNumber(g.CA)}`} >>`;
      parts.push(`/ExtGState << ${entries(extGState, (_, g) => gs(g))} >>`);
    }
    const dict = `<< ${parts.join(' ')} >>`;
    const known = this.resources.get(dict);
    if (known !== undefined) return known;
    const num = this.allocate();
    this.object(num, dict);
    return remember(this.resources, dict, num);
  }

  private page(page: FragmentPage, blob: (ref: BlobRef) => Uint8Array, fonts: Map<string, number>, xobjects: Map<string, number>): void {
    const resources = this.resourcesDict(page, fonts, xobjects);
    const content = this.allocate();
    const data = blob(page.content);
    this.object(content, `<< /Filter /FlateDecode /Length ${data.length} >>`, data);
    const num = this.allocate();
    const parent = this.tree.add(num, this.allocate);
    const box = (name: string, b: PdfBox | undefined) => (b ? ` /${name} ${pdfArray(b)}` : '');
    this.object(num, `<< /Type /Page /Parent ${parent} 0 R${box('MediaBox', page.mediaBox)}${box('CropBox', page.mediaBox)}${box('TrimBox', page.trimBox)}${box('BleedBox', page.bleedBox)} /Resources ${resources} 0 R /Contents ${content} 0 R >>`);
  }

  /**
   * Writes the fonts (each subset to the glyphs of all fragments), page tree, catalog, document
   * info, xref table and trailer (`meta`: title and output intent, as `PdfStreamMerger.finish`),
   * and closes the output. Answers the file's size (`create`) or the PDF (`inMemory`). Throws when
   * a font cannot be read or subset.
   */
  async finish(meta: PrintFileMeta = {}): Promise<R> {
    this.assertOpen();
    this.done = true;
    for (const [name, font] of this.embeddedFonts) {
      for (const { num, dict, stream } of embeddedFontObjects(font.num, this.allocate, name, this.opts.fontBytes(name)!, font.glyphs)) this.object(num, dict, stream);
      await this.flush(false);
    }
    const { objects, info } = this.tree.closingObjects(this.allocate, meta);
    this.written(objects);
    const offsets = this.offsets;
    this.push(xrefAndTrailer((n) => (offsets[n] ? offsets[n] - 1 : undefined), this.nextNumber, info, this.offset));
    await this.flush(true);
    return this.sink.close();
  }

  /** Closes the unfinished output (the caller deletes the file). Never throws. */
  async abort(): Promise<void> {
    this.done = true;
    this.pending = [];
    await this.sink.abort();
  }
}
