/**
 * A rendered chunk of mail pieces as the direct print writer passes it from a render thread to
 * the file writer (docs/architecture.md#print-renderer): pages as finished, Flate-compressed
 * content streams plus what they use — fonts by name with the glyphs used, images and pdfme
 * fallback forms by a content key. The file writer (`PdfFileWriter`) writes each page as it
 * comes and each font, image and form once per file; fonts are subset at the end to the
 * glyphs every fragment reported.
 *
 * Coordinates and boxes are PDF points (1/72 in), origin bottom-left, like the content itself.
 *
 * Text in content streams: an embedded font is a Type 0 font with Identity-H encoding whose
 * CIDs are the font's own glyph ids (2 bytes each, big-endian), so a render thread needs no
 * file-wide numbering; the file writer subsets with retained glyph ids. A standard font
 * (`standard: true`, e.g. Helvetica for the IMb's readable line) is written WinAnsi-encoded
 * and is not embedded.
 *
 * Binary layout of an encoded fragment: the 4 bytes `MCF1`, a uint32 (big-endian) length of the
 * header, the header as UTF-8 JSON (`FragmentHeader`), then the data region; every `BlobRef` is
 * `[offset, length]` into the data region.
 */

/** `[offset, length]` of bytes in the fragment's data region. */
export type BlobRef = [offset: number, length: number];

/** A PDF rectangle `[x0, y0, x1, y1]` in pt. */
export type PdfBox = [number, number, number, number];

/** A glyph a fragment used: its id in the font, the text it stands for (ToUnicode) and its advance width in 1/1000 em (the PDF `W` array). */
export type UsedGlyph = [gid: number, unicode: string, width: number];

/** A font the fragment's pages use, by the name the renderer knows it by. */
export type FragmentFont = {
  /** The pdfme font name (a key of the render's font map, or a fallback font's name), or a standard 14 font name when `standard`. */
  name: string;
  /** A standard 14 font (WinAnsi text, not embedded); `glyphs` is then empty. */
  standard?: boolean;
  /** Glyphs used by this fragment (each once; other fragments may report the same ones). */
  glyphs: UsedGlyph[];
};

/**
 * How a page's font resources name a standard 14 font (`FragmentPage.resources.font`): apart from
 * the font map's fonts, which may use the same name (pdfme's 'Helvetica' is the embedded Arimo).
 */
export const STANDARD_FONT_PREFIX = 'standard:';

/** The name a page's font resources use for `font`. */
export const fontResourceName = (font: Pick<FragmentFont, 'name' | 'standard'>) => (font.standard ? STANDARD_FONT_PREFIX : '') + font.name;

/** An image XObject, keyed by its source bytes (the same picture in many chunks is written once). */
export type FragmentImage = {
  /** Content key: a hash of the source image bytes (and anything else that changes the written object). */
  key: string;
  width: number;
  height: number;
  colorSpace: 'DeviceRGB' | 'DeviceGray' | 'DeviceCMYK';
  bitsPerComponent: number;
  /** JPEG data as is, or zlib-compressed samples. */
  filter: 'DCTDecode' | 'FlateDecode';
  /** `/Decode` array (e.g. inverted CMYK JPEGs). */
  decode?: number[];
  data: BlobRef;
  /** Alpha channel: 8-bit DeviceGray samples, zlib-compressed, same width × height. */
  smask?: BlobRef;
};

/**
 * An element pdfme drew because the direct writer does not know its type (the per-element
 * fallback): a one-page PDF at the page's size holding only that element, drawn on the page as a
 * Form XObject at (0, 0). Keyed by element and value, so a static element is written once per file.
 */
export type FragmentForm = { key: string; pdf: BlobRef };

/** An extended graphics state (opacity) a page uses. */
export type FragmentGState = { ca?: number; CA?: number };

/** One page of the fragment. */
export type FragmentPage = {
  mediaBox: PdfBox;
  /** Set when the print has bleed or crop marks (else it equals the MediaBox). */
  trimBox?: PdfBox;
  bleedBox?: PdfBox;
  /** The page's content stream, FlateDecode-compressed. */
  content: BlobRef;
  /**
   * Resource names used in the content → what they are: a font name, an image or form key, a
   * graphics state. A font is named by `fontResourceName` (a standard one prefixed
   * STANDARD_FONT_PREFIX, 'standard:Helvetica').
   */
  resources: {
    font?: Record<string, string>;
    xobject?: Record<string, string>;
    extGState?: Record<string, FragmentGState>;
  };
};

export type FragmentHeader = {
  /** Mail pieces in the fragment (pages / pages per piece; separator sheets count 0). */
  pieces: number;
  pages: FragmentPage[];
  fonts: FragmentFont[];
  /** Every image the pages use, each once per fragment. */
  images: FragmentImage[];
  /** Every fallback form the pages use, each once per fragment. */
  forms: FragmentForm[];
  /** Elements drawn by the pdfme fallback, by element type (counted in the benchmark). */
  fallbacks: Record<string, number>;
};

const MAGIC = Buffer.from('MCF1', 'latin1');

/** Encodes a fragment: header + the data region (`data`, the blobs `BlobRef`s point into). */
export function encodeFragment(header: FragmentHeader, data: Uint8Array[]): Buffer {
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const len = Buffer.alloc(4);
  len.writeUInt32BE(json.length, 0);
  return Buffer.concat([MAGIC, len, json, ...data]);
}

/** Decodes an encoded fragment; `blob(ref)` gives a view (no copy) of a range of its data region. Throws on a damaged fragment. */
export function decodeFragment(bytes: Uint8Array): { header: FragmentHeader; blob: (ref: BlobRef) => Uint8Array } {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buf.length < 8 || !buf.subarray(0, 4).equals(MAGIC)) throw new Error('Not a print fragment');
  const headerLength = buf.readUInt32BE(4);
  const header = JSON.parse(buf.subarray(8, 8 + headerLength).toString('utf8')) as FragmentHeader;
  const base = 8 + headerLength;
  return {
    header,
    blob: ([offset, length]) => {
      if (offset < 0 || length < 0 || base + offset + length > buf.length) throw new Error('Print fragment blob out of range');
      return buf.subarray(base + offset, base + offset + length);
    },
  };
}

/**
 * Collects a fragment's data region as blobs are added: `add(bytes)` answers the `BlobRef` of
 * the bytes (kept by reference until `encodeFragment`).
 */
export class BlobCollector {
  readonly parts: Uint8Array[] = [];
  private size = 0;

  add(bytes: Uint8Array): BlobRef {
    const ref: BlobRef = [this.size, bytes.length];
    this.parts.push(bytes);
    this.size += bytes.length;
    return ref;
  }
}
