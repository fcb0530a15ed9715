import type { Font, Schema, Template } from '@pdfme/common';
import { measureTextHeight } from '@pdfme/schemas/utils';
import { PIECE_RECORD_KEY, PREFLIGHT_PIECES_LIMIT, type TPreflightCheck } from '@mailcraft/shared';
import { IMB_TYPE, imbDigitsProblem, isEncodedImb } from '@mailcraft/shared/designs';
import { LRUCache } from 'lru-cache';
import { imagePixelSize } from './image-size.js';

/** Images print at this resolution at least (docs/requirements/print.md#print; print shops refuse less). */
export const MIN_IMAGE_DPI = 300;
/** Texts remembered per element (static texts and repeated values are measured once). */
const MEASURE_CACHE = 2000;
/** Image sizes remembered (the same picture on every piece is read once). */
const IMAGE_CACHE = 20;

type Fit = 'fit' | 'shrunk' | 'cut';

/** Pieces concerned by one finding: the first PREFLIGHT_PIECES_LIMIT numbers, the count and the elements. */
class Finding {
  readonly pieces: number[] = [];
  /** The list record number of each of `pieces` (0 when unknown). */
  readonly records: number[] = [];
  count = 0;
  readonly elements = new Set<string>();
  private last = 0;

  add(piece: number, element: string, record = 0): void {
    this.elements.add(element);
    if (piece === this.last) return;
    this.last = piece;
    this.count++;
    if (this.pieces.length < PREFLIGHT_PIECES_LIMIT) {
      this.pieces.push(piece);
      this.records.push(record);
    }
  }

  /** `{ pieces, records }` of a check; records left out when any is unknown. */
  get where(): { pieces: number[]; records?: number[] } {
    return this.records.every((r) => r > 0) ? { pieces: this.pieces, records: this.records } : { pieces: this.pieces };
  }

  get names(): string {
    return [...this.elements].map((e) => `'${e}'`).join(', ');
  }
}

const pieceCount = (n: number) => `${n.toLocaleString('en-US')} piece${n === 1 ? '' : 's'}`;
const substitute = (text: string, values: Record<string, string>) => text.replace(/\{([^{}]+)\}/g, (_, k: string) => values[k] ?? '');

/** A multiVariableText's `{variable: value}` input (pdfme's JSON), {} when unreadable. */
function mvtValues(raw: string | undefined): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(raw ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/**
 * The per-piece preflight checks (docs/requirements/print.md#print), fed one piece input at a time as the print file
 * renders (`add`), so no list is held in memory:
 * - required-fields: elements the design marks `required` (`requiredInDesign`, see
 *   `composePieceTemplate`) that print empty — a text with no value, a multiVariableText with
 *   an empty variable, an image or code with no value;
 * - text-overflow / text-shrunk: text and multiVariableText measured with pdfme's own line
 *   breaking and the font's metrics (fontkit): text taller than its box is cut or runs over it;
 *   with dynamic font size pdfme shrinks it (reported, passes) and it is cut only when it does
 *   not fit even at the smallest size;
 * - imb-codes: `imb` elements whose value is neither 65 F/A/D/T letters nor 20 + 0/5/9/11 digits
 *   (USPS-B-3200): the element prints nothing there (never a wrong barcode), so the piece has no IMb;
 * - image-resolution: images whose pixels give less than MIN_IMAGE_DPI at their printed size
 *   (pdfme fits the picture in its box keeping its proportions).
 * Piece numbers are 1-based positions in the print file; each finding also names the pieces'
 * list records (PIECE_RECORD_KEY of their inputs) when the inputs carry them.
 */
export class PieceChecks {
  private readonly required = new Finding();
  private readonly overflow = new Finding();
  private readonly shrunk = new Finding();
  private readonly imb = new Finding();
  private readonly hasImb: boolean;
  private readonly lowRes = new Map<string, { finding: Finding; dpi: number }>();
  /** Per element: whether a text fits, the last MEASURE_CACHE texts kept. */
  private readonly measured = new Map<string, LRUCache<string, Fit>>();
  /** An image's effective dpi (null: size unknown), the last IMAGE_CACHE images kept. */
  private readonly imageDpi = new LRUCache<string, { dpi: number | null }>({ max: IMAGE_CACHE });
  private readonly measureCache = new Map<string | number, unknown>();
  private readonly elements: Schema[];
  private pieces = 0;

  constructor(template: Template, private readonly font: Font) {
    this.elements = template.schemas.flat();
    this.hasImb = this.elements.some((el) => el.type === IMB_TYPE);
  }

  /** Checks one piece's pdfme input; `piece` is its 1-based number in the print file. */
  async add(input: Record<string, string>, piece: number): Promise<void> {
    this.pieces++;
    const record = Number(input[PIECE_RECORD_KEY]) || 0;
    for (const el of this.elements) {
      const value = el.readOnly ? (el.content ?? '') : (input[el.name] ?? '');
      if (el.type === 'text') {
        const text = el.readOnly ? substitute(value, input) : value;
        if (el.requiredInDesign && !text.trim()) this.required.add(piece, el.name, record);
        if (text) await this.measure(el, text, piece, record);
      } else if (el.type === 'multiVariableText') {
        const values = mvtValues(input[el.name]);
        if (el.requiredInDesign && Object.values(values).some((v) => !String(v).trim())) this.required.add(piece, el.name, record);
        const text = substitute(String(el.text ?? ''), values);
        if (text.trim()) await this.measure(el, text, piece, record);
      } else {
        if (el.requiredInDesign && !value) this.required.add(piece, el.name, record);
        if (el.type === 'image' && value) this.checkImage(el, value, piece, record);
        else if (el.type === IMB_TYPE && value && !isEncodedImb(value) && imbDigitsProblem(value) !== null) this.imb.add(piece, el.name, record);
      }
    }
  }

  /** Records whether `text` fits `el`'s box (cached per element and text). */
  private async measure(el: Schema, text: string, piece: number, record: number): Promise<void> {
    let cache = this.measured.get(el.name);
    if (!cache) this.measured.set(el.name, (cache = new LRUCache({ max: MEASURE_CACHE })));
    let fit = cache.get(text);
    if (fit === undefined) {
      // A text pdfme cannot measure is one it cannot print either: the render reports that, not the preflight.
      fit = await this.fitOf(el, text).catch((): Fit => 'fit');
      cache.set(text, fit);
    }
    if (fit === 'cut') this.overflow.add(piece, el.name, record);
    else if (fit === 'shrunk') this.shrunk.add(piece, el.name, record);
  }

  private async fitOf(el: Schema, text: string): Promise<Fit> {
    const schema = { ...el, type: 'text' } as Parameters<typeof measureTextHeight>[0]['schema'];
    const args = { value: text, schema, font: this.font, _cache: this.measureCache };
    const room = el.height + 0.01;
    if ((await measureTextHeight({ ...args, ignoreDynamicFontSize: true })) <= room) return 'fit';
    if (!el.dynamicFontSize) return 'cut';
    return (await measureTextHeight(args)) <= room ? 'shrunk' : 'cut';
  }

  private checkImage(el: Schema, value: string, piece: number, record: number): void {
    let dpi = this.imageDpi.get(value)?.dpi;
    if (dpi === undefined) {
      const px = imagePixelSize(value);
      dpi = px && el.width > 0 && el.height > 0 ? Math.max(px.width / (el.width / 25.4), px.height / (el.height / 25.4)) : null;
      this.imageDpi.set(value, { dpi });
    }
    if (dpi === null || dpi >= MIN_IMAGE_DPI) return;
    let low = this.lowRes.get(el.name);
    if (!low) this.lowRes.set(el.name, (low = { finding: new Finding(), dpi }));
    low.dpi = Math.min(low.dpi, dpi);
    low.finding.add(piece, el.name, record);
  }

  /** The five checks' results over every piece added so far. */
  results(): TPreflightCheck[] {
    const { required, overflow, shrunk } = this;
    const images = [...this.lowRes.entries()];
    const imagePieces = new Finding();
    for (const [, low] of images) low.finding.pieces.forEach((p, i) => imagePieces.add(p, '', low.finding.records[i]));
    const everyPiece = images.length > 0 && images.every(([, low]) => low.finding.count === this.pieces);
    return [
      {
        id: 'required-fields', passed: required.count === 0, ...required.where,
        message: required.count === 0
          ? 'Every required field has a value on every piece.'
          : `${pieceCount(required.count)} print an empty required field (${required.names}): fill in the missing values in the list, or exclude those records from printing.`,
      },
      {
        id: 'text-overflow', passed: overflow.count === 0, ...overflow.where,
        message: overflow.count === 0
          ? 'All text fits its box on every piece.'
          : `Text does not fit its box on ${pieceCount(overflow.count)} (${overflow.names}) and is cut or runs over: make the box larger, the font smaller, or turn on dynamic font size.`,
      },
      {
        id: 'text-shrunk', passed: true, ...shrunk.where,
        message: shrunk.count === 0
          ? 'No text had to be shrunk to fit.'
          : `Text was shrunk to fit its box on ${pieceCount(shrunk.count)} (${shrunk.names}): check those pieces are still easy to read.`,
      },
      {
        id: 'imb-codes', passed: this.imb.count === 0, ...this.imb.where,
        message: !this.hasImb
          ? 'The design has no Intelligent Mail barcode.'
          : this.imb.count === 0
            ? 'Every Intelligent Mail barcode value is valid (or left blank).'
            : `${pieceCount(this.imb.count)} have an IMb value that is neither 20 + 0/5/9/11 digits nor 65 letters F/A/D/T, so no barcode prints there: correct imbno or encodedimbno in the list (the address check lists them), or exclude those records.`,
      },
      {
        id: 'image-resolution', passed: images.length === 0, ...(everyPiece ? { pieces: [] } : imagePieces.where),
        message: images.length === 0
          ? `Every image prints at ${MIN_IMAGE_DPI} dpi or more.`
          : `${images.map(([name, low]) => `Image '${name}' prints at ${Math.floor(low.dpi)} dpi`).join('; ')}${everyPiece ? ' on every piece' : ''} — below ${MIN_IMAGE_DPI} dpi, it will look blurred: use a larger image or print it smaller.`,
      },
    ];
  }
}
