import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';
import * as pdfLib from '@pdfme/pdf-lib';
import {
  ColorTypes, JpegEmbedder, PDFHexString, PngEmbedder, StandardFontEmbedder, StandardFonts, decodeFromBase64DataUri,
  degrees, drawEllipse, drawImage, drawLine, drawLinesOfText, drawRectangle, drawSvgPath, isStandardFont, rgb, toRadians,
  type Color, type PDFOperator, type PDFPageDrawEllipseOptions, type PDFPageDrawImageOptions, type PDFPageDrawLineOptions,
  type PDFPageDrawRectangleOptions, type PDFPageDrawSVGOptions, type PDFPageDrawTextOptions,
} from '@pdfme/pdf-lib';
import { LRUCache } from 'lru-cache';
import { pdfNumber } from './pdf-syntax.js';
import { STANDARD_FONT_PREFIX, type FragmentGState, type FragmentImage, type UsedGlyph } from './fragment.js';

/**
 * The page canvas of the direct print writer (docs/architecture.md#print-renderer): stand-ins for
 * pdf-lib's `PDFDocument` and `PDFPage` that pdfme's plugin `pdf` renderers draw on, writing
 * content-stream operators as text straight into a per-page buffer — no pdf-lib object model, no
 * PDF to parse again. The operators are the ones pdf-lib's `PDFPage.draw…` methods emit
 * (operations.ts), so pages print as pdfme's do. Text is written in the font's own glyph ids
 * (Identity-H), as fragment.ts describes. Whatever a plugin touches that the canvas does not
 * have throws `UnsupportedOnCanvas`, so the caller can draw that element with pdfme instead.
 */

/** Thrown when a plugin uses something of pdf-lib the canvas does not have (the element is drawn by pdfme instead). */
export class UnsupportedOnCanvas extends Error {
  constructor(what: string) {
    super(`${what} is not supported on the page canvas`);
    this.name = 'UnsupportedOnCanvas';
  }
}

/** Properties the runtime asks of any object (is it a promise, JSON), which must not throw. */
const HARMLESS = new Set(['then', 'toJSON']);

/** `target`, throwing `UnsupportedOnCanvas` for any property it lacks (a pdf-lib member the canvas does not mimic). */
function strict<T extends object>(target: T, what: string): T {
  return new Proxy(target, {
    get(t, prop, receiver) {
      if (typeof prop === 'symbol' || prop in t || HARMLESS.has(prop)) return Reflect.get(t, prop, receiver) as unknown;
      throw new UnsupportedOnCanvas(`${what}.${prop}`);
    },
  });
}

/** A number for the content stream (`pdfNumber`). */
const n = pdfNumber;

/** pdf-lib's filling colour operator (`setFillingColor`). */
function fillColor(c: Color): string {
  if (c.type === ColorTypes.RGB) return `${n(c.red)} ${n(c.green)} ${n(c.blue)} rg`;
  if (c.type === ColorTypes.CMYK) return `${n(c.cyan)} ${n(c.magenta)} ${n(c.yellow)} ${n(c.key)} k`;
  if (c.type === ColorTypes.Grayscale) return `${n(c.gray)} g`;
  throw new Error(`Invalid color: ${JSON.stringify(c)}`);
}

/** Operators as pdf-lib serialises a content stream: one per line. */
const opsText = (ops: PDFOperator[]) => `${ops.join('\n')}\n`;

/** An operator built by `PDFOperator.of` on the canvas: its text only. */
class RawOperator {
  constructor(private readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/**
 * The `pdfLib` the canvas hands to plugins: pdf-lib itself, except that `PDFOperator.of` and
 * `setCharacterSpacing` (called per text line) make plain text operators instead of pdf-lib objects.
 */
export const canvasPdfLib: typeof pdfLib = {
  // A copy, not a prototype chain: a CommonJS-loaded pdf-lib (tsx in threads) has getter-only exports.
  ...pdfLib,
  PDFOperator: { of: (name: string, args: unknown[] = []) => new RawOperator(args.length ? `${args.join(' ')} ${name}` : name) },
  setCharacterSpacing: (spacing: number) => new RawOperator(`${n(spacing)} Tc`),
} as unknown as typeof pdfLib;

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).toUpperCase().padStart(2, '0'));
/** A glyph id as 4 upper-case hex digits, as pdf-lib writes CIDs. */
const hex4 = (id: number) => HEX[(id >> 8) & 0xff] + HEX[id & 0xff];

type KitGlyph = fontkit.Glyph & { codePoints: number[] };
type Kit = Omit<fontkit.Font, 'layout'> & { layout(text: string): { glyphs: KitGlyph[] } };

/**
 * A font on the canvas, in the shape pdfme and our plugins use pdf-lib's `PDFFont`
 * (`widthOfTextAtSize`, `heightAtSize`, `sizeAtHeight`, `encodeText`). `hex(text)` is the text as
 * a content-stream hex string, recording each glyph used.
 */
export class CanvasFont {
  /** How pages' font resources name it: `name`, or STANDARD_FONT_PREFIX + `name` for a standard font. */
  readonly key: string;
  /** Glyphs used so far, by glyph id (embedded fonts only). */
  readonly glyphs = new Map<number, UsedGlyph>();
  private readonly encoded = new Map<string, string>();
  private readonly kit: Kit | null;
  private readonly standard: StandardFontEmbedder | null;
  private readonly scale: number;

  /** `source`: the font (fontkit), or a standard 14 font name. `res`: its resource name on pages. */
  constructor(readonly name: string, readonly res: string, source: fontkit.Font | StandardFonts) {
    this.kit = typeof source === 'string' ? null : source as unknown as Kit;
    this.standard = typeof source === 'string' ? StandardFontEmbedder.for(source as unknown as Parameters<typeof StandardFontEmbedder.for>[0]) : null;
    this.scale = this.kit ? 1000 / this.kit.unitsPerEm : 1;
    this.key = this.standard ? STANDARD_FONT_PREFIX + name : name;
  }

  /** A standard 14 font (WinAnsi codes, not embedded). */
  get isStandard(): boolean {
    return this.standard !== null;
  }

  /** `text` as a hex string in this font (`<…>`): glyph ids of fontkit's layout (pdf-lib's `CustomFontEmbedder.encodeText`), or WinAnsi codes. */
  hex(text: string): string {
    let out = this.encoded.get(text);
    if (out !== undefined) return out;
    if (this.standard) {
      out = this.standard.encodeText(text).toString();
    } else {
      const { glyphs } = this.kit!.layout(text);
      out = '<';
      for (const g of glyphs) {
        out += hex4(g.id);
        if (!this.glyphs.has(g.id)) this.glyphs.set(g.id, [g.id, String.fromCodePoint(...g.codePoints), g.advanceWidth * this.scale]);
      }
      out += '>';
    }
    this.encoded.set(text, out);
    return out;
  }

  /** pdf-lib's `PDFFont.encodeText`: `hex(text)` as a `PDFHexString`. */
  encodeText(text: string): PDFHexString {
    return PDFHexString.of(this.hex(text).slice(1, -1));
  }

  /** Width of `text` at `size` pt, as pdf-lib measures it: the glyphs' advance widths, no kerning (standard fonts: with AFM kerning). */
  widthOfTextAtSize(text: string, size: number): number {
    if (this.standard) return this.standard.widthOfTextAtSize(text, size);
    let total = 0;
    for (const g of this.kit!.layout(text).glyphs) total += g.advanceWidth * this.scale;
    return total * (size / 1000);
  }

  /** Height of the font at `size` pt from descender (unless `descender: false`) to ascender, as pdf-lib's. */
  heightAtSize(size: number, options?: { descender?: boolean }): number {
    const descender = options?.descender ?? true;
    if (this.standard) return this.standard.heightOfFontAtSize(size, { descender });
    const { ascent, descent, bbox } = this.kit!;
    let height = (ascent || bbox.maxY) * this.scale - (descent || bbox.minY) * this.scale;
    if (!descender) height -= Math.abs(descent) || 0;
    return (height / 1000) * size;
  }

  /** The size in pt at which the font is `height` pt high, as pdf-lib's. */
  sizeAtHeight(height: number): number {
    if (this.standard) return this.standard.sizeOfFontAtHeight(height);
    const { ascent, descent, bbox } = this.kit!;
    return (1000 * height) / ((ascent || bbox.maxY) * this.scale - (descent || bbox.minY) * this.scale);
  }
}

/** An image as written to a fragment, before its bytes get `BlobRef`s. */
export type EncodedImage = Omit<FragmentImage, 'data' | 'smask'> & { data: Uint8Array; smask?: Uint8Array };

/** Images encoded lately on this thread, by content key: a picture in every chunk is decoded and compressed once. */
const encodedImages = new LRUCache<string, EncodedImage>({
  maxSize: 64 * 1024 * 1024,
  sizeCalculation: (img) => img.data.length + (img.smask?.length ?? 0) + 1,
});

/** An image on the canvas, in the shape of pdf-lib's `PDFImage` that plugins use. */
export class CanvasImage {
  constructor(readonly key: string, readonly encoded: EncodedImage) {}
  /** Size in pixels, as pdf-lib's `PDFImage`. */
  get width(): number {
    return this.encoded.width;
  }
  get height(): number {
    return this.encoded.height;
  }
  size(): { width: number; height: number } {
    return { width: this.width, height: this.height };
  }
  scale(factor: number): { width: number; height: number } {
    return { width: this.width * factor, height: this.height * factor };
  }
}

/** Bytes of an image or font as pdf-lib accepts them: bytes, an ArrayBuffer, base64 or a data URL. */
function toBytes(input: string | Uint8Array | ArrayBuffer): Uint8Array {
  if (typeof input === 'string') return decodeFromBase64DataUri(input);
  return input instanceof ArrayBuffer ? new Uint8Array(input) : input;
}

const sha1 = (bytes: Uint8Array) => createHash('sha1').update(bytes).digest('hex');

/** A PNG decoded as pdf-lib does (`PngEmbedder`, UPNG to 8-bit RGBA): RGB samples and, when any pixel is not opaque, alpha. */
async function encodePng(bytes: Uint8Array, level: number): Promise<EncodedImage> {
  // pdf-lib's PNG reads the whole underlying ArrayBuffer: give it bytes of their own.
  const embedder = await PngEmbedder.for(new Uint8Array(bytes));
  const { image } = embedder as unknown as { image: { rgbChannel: Uint8Array; alphaChannel?: Uint8Array; bitsPerComponent: number } };
  return {
    key: '', width: embedder.width, height: embedder.height, colorSpace: 'DeviceRGB', bitsPerComponent: image.bitsPerComponent,
    filter: 'FlateDecode', data: deflateSync(image.rgbChannel, { level }),
    ...(image.alphaChannel ? { smask: deflateSync(image.alphaChannel, { level }) } : {}),
  };
}

/** A JPEG as pdf-lib embeds it (`JpegEmbedder`): the file itself, CMYK with an inverted `/Decode`. */
async function encodeJpeg(bytes: Uint8Array): Promise<EncodedImage> {
  const embedder = await JpegEmbedder.for(new Uint8Array(bytes));
  const cmyk = embedder.colorSpace === 'DeviceCMYK';
  return {
    key: '', width: embedder.width, height: embedder.height, colorSpace: embedder.colorSpace, bitsPerComponent: embedder.bitsPerComponent,
    filter: 'DCTDecode', data: bytes, ...(cmyk ? { decode: [1, 0, 1, 0, 1, 0, 1, 0] } : {}),
  };
}

/**
 * The document stand-in for one render: fonts, images and graphics states shared by its pages,
 * each with a resource name used on every page (`F0`, `X0`, `GS0`). `fontName(data)` names the
 * font bytes a plugin embeds (a key of the render's font map), or null for bytes not in it;
 * `fontkitFont(name, bytes)` gives the fontkit font to lay text out with.
 */
export class CanvasDocument {
  /** Fonts by `CanvasFont.key`. */
  readonly fonts = new Map<string, CanvasFont>();
  readonly images = new Map<string, CanvasImage>();
  /** Graphics states by `ca|CA`: resource name and entry. */
  private readonly gstates = new Map<string, [string, FragmentGState]>();
  /** XObject resource names by content key (images and pdfme forms). */
  private readonly xobjects = new Map<string, string>();
  pageCount = 0;

  constructor(
    private readonly fontName: (data: Uint8Array | string) => string | null,
    private readonly fontkitFont: (name: string, bytes: Uint8Array) => fontkit.Font,
    private readonly deflateLevel: number,
  ) {}

  /** Pages begun so far (pdf-lib's `getPageCount`). */
  getPageCount(): number {
    return this.pageCount;
  }

  /**
   * pdf-lib's `embedFont`: a standard 14 font by name, or font bytes (bytes, ArrayBuffer, base64)
   * that must be a font of the render's font map. Throws `UnsupportedOnCanvas` for other bytes or
   * OpenType `features`.
   */
  async embedFont(font: StandardFonts | string | Uint8Array | ArrayBuffer, options: { features?: unknown } = {}): Promise<CanvasFont> {
    if (options.features) throw new UnsupportedOnCanvas('Font features');
    if (typeof font === 'string' && isStandardFont(font)) return this.font(font, font as unknown as StandardFonts);
    const data = font instanceof ArrayBuffer ? new Uint8Array(font) : font;
    const name = this.fontName(data);
    if (!name) throw new UnsupportedOnCanvas('A font outside the render\'s font map');
    return this.font(name, this.fontkitFont(name, toBytes(data)));
  }

  /** pdf-lib's `embedStandardFont`. */
  embedStandardFont(font: StandardFonts): CanvasFont {
    return this.font(font, font);
  }

  private font(name: string, source: fontkit.Font | StandardFonts): CanvasFont {
    const key = typeof source === 'string' ? STANDARD_FONT_PREFIX + name : name;
    let f = this.fonts.get(key);
    if (!f) {
      f = strict(new CanvasFont(name, `F${this.fonts.size}`, source), 'PDFFont');
      this.fonts.set(key, f);
    }
    return f;
  }

  /** pdf-lib's `embedPng` (bytes, base64 or a data URL): decoded once per render and image (thread cache: `encodedImages`). */
  embedPng(png: string | Uint8Array | ArrayBuffer): Promise<CanvasImage> {
    return this.image(toBytes(png), (bytes) => encodePng(bytes, this.deflateLevel));
  }

  /** pdf-lib's `embedJpg` (bytes, base64 or a data URL): the JPEG as it is. */
  embedJpg(jpg: string | Uint8Array | ArrayBuffer): Promise<CanvasImage> {
    return this.image(toBytes(jpg), encodeJpeg);
  }

  private async image(bytes: Uint8Array, encode: (bytes: Uint8Array) => Promise<EncodedImage>): Promise<CanvasImage> {
    const key = sha1(bytes);
    let img = this.images.get(key);
    if (!img) {
      let encoded = encodedImages.get(key);
      if (!encoded) encodedImages.set(key, (encoded = { ...(await encode(bytes)), key }));
      img = strict(new CanvasImage(key, encoded), 'PDFImage');
      this.images.set(key, img);
    }
    return img;
  }

  /** The resource name of the graphics state with fill opacity `ca` and stroke opacity `CA`. */
  gstate(ca: number | undefined, CA: number | undefined): [string, FragmentGState] {
    const id = `${ca}|${CA}`;
    let gs = this.gstates.get(id);
    if (!gs) {
      gs = [`GS${this.gstates.size}`, { ...(ca !== undefined ? { ca } : {}), ...(CA !== undefined ? { CA } : {}) }];
      this.gstates.set(id, gs);
    }
    return gs;
  }

  /** The resource name of the XObject (image or form) with content key `key`. */
  xobject(key: string): string {
    let res = this.xobjects.get(key);
    if (!res) this.xobjects.set(key, (res = `X${this.xobjects.size}`));
    return res;
  }
}

type Resources = { font: Record<string, string>; xobject: Record<string, string>; extGState: Record<string, FragmentGState> };
type Resource = { [K in keyof Resources]: [kind: K, res: string, value: Resources[K][string]] }[keyof Resources];
/** A place in a page's content to roll back to: content parts and resource uses. */
export type CanvasMark = [parts: number, uses: number];
/** What was drawn since a mark: the content text and the resources it uses, to draw again on another page (`replay`). */
export type CanvasDrawing = { content: string; resources: Resource[] };

const BLACK = rgb(0, 0, 0);
const NO_ROTATION = degrees(0);

/**
 * One page: what pdfme's plugins call on pdf-lib's `PDFPage` (size, `drawText`, `drawRectangle`,
 * `drawLine`, `drawEllipse`, `drawImage`, `drawSvgPath`, `pushOperators`), appending operators to
 * the page's content text and noting the resources they use. Defaults as `PDFPage`: origin (0, 0),
 * 24 pt text and line height, black. `mark()` / `rollback()` undo an element's drawing.
 */
export class PageCanvas {
  private readonly parts: string[] = [];
  readonly resources: Resources = { font: {}, xobject: {}, extGState: {} };
  /** Every use of a resource, in order, and whether it was the page's first. */
  private readonly uses: Array<[Resource, boolean]> = [];

  constructor(private readonly doc: CanvasDocument, private readonly width: number, private readonly height: number) {}

  /** Page width in pt (pdf-lib's `getWidth`). */
  getWidth(): number {
    return this.width;
  }
  /** Page height in pt. */
  getHeight(): number {
    return this.height;
  }
  /** Page size in pt. */
  getSize(): { width: number; height: number } {
    return { width: this.width, height: this.height };
  }

  /** The page's content stream text so far. */
  content(): string {
    return this.parts.join('');
  }

  /** The current end of the page's drawing, to roll back to or take a drawing from. */
  mark(): CanvasMark {
    return [this.parts.length, this.uses.length];
  }

  /** Undoes everything drawn since `mark`, and the resources first used since then. */
  rollback([parts, uses]: CanvasMark): void {
    this.parts.length = parts;
    for (const [[kind, res], first] of this.uses.splice(uses)) if (first) delete this.resources[kind][res];
  }

  /** What was drawn since `mark`: content and the resources it uses. */
  since([parts, uses]: CanvasMark): CanvasDrawing {
    return { content: this.parts.slice(parts).join(''), resources: this.uses.slice(uses).map(([r]) => r) };
  }

  /** Draws a drawing taken with `since` (on this or another page of the document). */
  replay(drawing: CanvasDrawing): void {
    this.parts.push(drawing.content);
    for (const [kind, res, value] of drawing.resources) this.use(kind, res, value);
  }

  /** Appends content text as is (ends with a newline). */
  write(text: string): void {
    this.parts.push(text);
  }

  private use<K extends keyof Resources>(kind: K, res: string, value: Resources[K][string]): string {
    const first = !(res in this.resources[kind]);
    if (first) this.resources[kind][res] = value;
    this.uses.push([[kind, res, value] as Resource, first]);
    return res;
  }

  /** The `gs` resource name for these opacities, or undefined when none is set (pdf-lib's `maybeEmbedGraphicsState`). */
  private gs(opts: { opacity?: number; borderOpacity?: number; blendMode?: unknown }): string | undefined {
    if (opts.blendMode !== undefined) throw new UnsupportedOnCanvas('Blend modes');
    if (opts.opacity === undefined && opts.borderOpacity === undefined) return undefined;
    const [res, state] = this.doc.gstate(opts.opacity, opts.borderOpacity);
    return this.use('extGState', res, state);
  }

  /** Draws an XObject (image or form) of content key `key`: its resource name. */
  useXObject(key: string): string {
    return this.use('xobject', this.doc.xobject(key), key);
  }

  /** pdf-lib's `drawText` without `maxWidth`: `drawLinesOfText` with one `Tj` + `T*` per line. */
  drawText(text: string, options: PDFPageDrawTextOptions = {}): void {
    if (options.maxWidth !== undefined || options.wordBreaks) throw new UnsupportedOnCanvas('drawText with maxWidth');
    const font = (options.font as unknown as CanvasFont | undefined) ?? this.doc.embedStandardFont(StandardFonts.Helvetica);
    if (!(font instanceof CanvasFont)) throw new UnsupportedOnCanvas('A pdf-lib font');
    const size = options.size || 24;
    const lines = text.replace(/\t|\u0085|\u2028|\u2029/g, '    ').replace(/[\b\v]/g, '').split(/[\n\f\r\v]/);
    const gs = this.gs(options);
    const res = this.use('font', font.res, font.key);
    const rotate = toRadians(options.rotate ?? NO_ROTATION);
    const xSkew = toRadians(options.xSkew ?? NO_ROTATION);
    const ySkew = toRadians(options.ySkew ?? NO_ROTATION);
    const x = options.x ?? 0;
    const y = options.y ?? 0;
    if (options.matrix || options.clipSpaces) {
      const encoded = lines.map((l) => PDFHexString.of(font.hex(l).slice(1, -1)));
      this.parts.push(opsText(drawLinesOfText(encoded, {
        color: options.color ?? BLACK, font: res, size, rotate: options.rotate ?? NO_ROTATION, xSkew: options.xSkew ?? NO_ROTATION,
        ySkew: options.ySkew ?? NO_ROTATION, x, y, lineHeight: options.lineHeight ?? 24, graphicsState: gs, matrix: options.matrix, clipSpaces: options.clipSpaces,
      })));
      return;
    }
    const tm = rotate === 0 && xSkew === 0 && ySkew === 0
      ? `1 0 0 1 ${n(x)} ${n(y)} Tm`
      : `${n(Math.cos(rotate))} ${n(Math.sin(rotate) + Math.tan(xSkew))} ${n(-Math.sin(rotate) + Math.tan(ySkew))} ${n(Math.cos(rotate))} ${n(x)} ${n(y)} Tm`;
    let out = gs ? `q\n/${gs} gs\nBT\n` : 'q\nBT\n';
    out += `${fillColor(options.color ?? BLACK)}\n/${res} ${n(size)} Tf\n${n(options.lineHeight ?? 24)} TL\n${tm}\n`;
    for (const line of lines) out += `${font.hex(line)} Tj\nT*\n`;
    this.parts.push(`${out}ET\nQ\n`);
  }

  /** pdf-lib's `drawRectangle` (black fill when neither colour is given). */
  drawRectangle(options: PDFPageDrawRectangleOptions = {}): void {
    const gs = this.gs(options);
    const color = !('color' in options) && !('borderColor' in options) ? BLACK : options.color;
    this.parts.push(opsText(drawRectangle({
      x: options.x ?? 0, y: options.y ?? 0, width: options.width ?? 150, height: options.height ?? 100,
      rotate: options.rotate ?? NO_ROTATION, xSkew: options.xSkew ?? NO_ROTATION, ySkew: options.ySkew ?? NO_ROTATION,
      borderWidth: options.borderWidth ?? 0, color: color ?? undefined, borderColor: options.borderColor ?? undefined,
      borderDashArray: options.borderDashArray ?? undefined, borderDashPhase: options.borderDashPhase ?? undefined,
      graphicsState: gs, borderLineCap: options.borderLineCap ?? undefined, matrix: options.matrix, clipSpaces: options.clipSpaces,
      radius: options.radius ?? 0,
    } as Parameters<typeof drawRectangle>[0])));
  }

  /** pdf-lib's `drawLine` (opacity as stroke opacity; black unless `color` is given). */
  drawLine(options: PDFPageDrawLineOptions): void {
    const gs = this.gs({ borderOpacity: options.opacity, blendMode: options.blendMode });
    const color = 'color' in options ? options.color : BLACK;
    this.parts.push(opsText(drawLine({
      start: options.start, end: options.end, thickness: options.thickness ?? 1, color: color ?? undefined,
      dashArray: options.dashArray ?? undefined, dashPhase: options.dashPhase ?? undefined, lineCap: options.lineCap ?? undefined,
      graphicsState: gs, matrix: options.matrix, clipSpaces: options.clipSpaces,
    })));
  }

  /** pdf-lib's `drawEllipse` (black fill when neither colour is given). */
  drawEllipse(options: PDFPageDrawEllipseOptions = {}): void {
    const gs = this.gs(options);
    const color = !('color' in options) && !('borderColor' in options) ? BLACK : options.color;
    this.parts.push(opsText(drawEllipse({
      x: options.x ?? 0, y: options.y ?? 0, xScale: options.xScale ?? 100, yScale: options.yScale ?? 100,
      rotate: options.rotate ?? undefined, color: color ?? undefined, borderColor: options.borderColor ?? undefined,
      borderWidth: options.borderWidth ?? 0, borderDashArray: options.borderDashArray ?? undefined,
      borderDashPhase: options.borderDashPhase ?? undefined, borderLineCap: options.borderLineCap ?? undefined,
      graphicsState: gs, matrix: options.matrix, clipSpaces: options.clipSpaces,
    })));
  }

  /** pdf-lib's `drawSvgPath` (black outline when neither colour is given). */
  drawSvgPath(path: string, options: PDFPageDrawSVGOptions = {}): void {
    const gs = this.gs(options);
    const borderColor = !('color' in options) && !('borderColor' in options) ? BLACK : options.borderColor;
    this.parts.push(opsText(drawSvgPath(path, {
      x: options.x ?? 0, y: options.y ?? 0, scale: options.scale, rotate: options.rotate ?? NO_ROTATION,
      color: options.color ?? undefined, borderColor: borderColor ?? undefined, borderWidth: options.borderWidth ?? 0,
      borderDashArray: options.borderDashArray ?? undefined, borderDashPhase: options.borderDashPhase ?? undefined,
      borderLineCap: options.borderLineCap ?? undefined, graphicsState: gs, fillRule: options.fillRule,
      matrix: options.matrix, clipSpaces: options.clipSpaces,
    })));
  }

  /** pdf-lib's `drawImage` of an image from `CanvasDocument.embedPng` / `embedJpg`. */
  drawImage(image: CanvasImage, options: PDFPageDrawImageOptions = {}): void {
    if (!(image instanceof CanvasImage)) throw new UnsupportedOnCanvas('A pdf-lib image');
    const gs = this.gs(options);
    const res = this.useXObject(image.key);
    this.parts.push(opsText(drawImage(res, {
      x: options.x ?? 0, y: options.y ?? 0, width: options.width ?? image.width, height: options.height ?? image.height,
      rotate: options.rotate ?? NO_ROTATION, xSkew: options.xSkew ?? NO_ROTATION, ySkew: options.ySkew ?? NO_ROTATION,
      graphicsState: gs, matrix: options.matrix, clipSpaces: options.clipSpaces,
    })));
  }

  /** Appends operators as pdf-lib serialises them (each operator's text, one per line). */
  pushOperators(...operators: Array<PDFOperator | RawOperator>): void {
    this.parts.push(`${operators.join('\n')}\n`);
  }
}

/** A canvas page as the `PDFPage` plugins expect: anything else they touch throws `UnsupportedOnCanvas`. */
export const strictPage = (page: PageCanvas): PageCanvas => strict(page, 'PDFPage');
/** The canvas document as the `PDFDocument` plugins expect: anything else they touch throws `UnsupportedOnCanvas`. */
export const strictDocument = (doc: CanvasDocument): CanvasDocument => strict(doc, 'PDFDocument');
