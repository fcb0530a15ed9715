import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';
import { generate } from '@pdfme/generator';
import {
  checkGenerateProps, isBlankPdf, mm2pt, pluginRegistry, replacePlaceholders, resetInternalLinkAnnotations,
  type BlankPdf, type Font, type PDFRenderProps, type Plugin, type Schema, type Template,
} from '@pdfme/common';
import { isDynamicLayoutSchema } from '@pdfme/schemas/dynamicLayout';
import { fontsForTexts } from '../../fonts/font-coverage.js';
import { installLayoutCache } from '../render/layout-cache.js';
import { printPageBoxes, type PageBoxOptions } from '../render/page-boxes.js';
import { checkPrintImages } from '../render/print-images.js';
import { chunkTexts, printPlugins } from '../render/render-chunk.js';
import { BlobCollector, encodeFragment, type FragmentFont, type FragmentPage, type PdfBox } from './fragment.js';
import {
  CanvasDocument, PageCanvas, UnsupportedOnCanvas, canvasPdfLib, strictDocument, strictPage, type CanvasDrawing, type CanvasFont,
} from './page-canvas.js';

/**
 * zlib level of page content streams and image samples. Measured on the benchmark piece (two
 * pages, 7.5 KB of operators): level 1 takes 0.024 ms and writes 1,858 B per piece, level 6
 * 0.034 ms for 1,633 B — 12 % smaller files for ~1 % more render time, so zlib's default 6.
 */
export const CONTENT_DEFLATE_LEVEL = 6;

export type RenderFragmentOptions = {
  /** Page boxes of every page (see `printPageBoxes`); none when absent. */
  pageBoxes?: PageBoxOptions;
  /** Hears the number of pieces finished so far, after each piece. */
  onPieces?: (done: number) => void;
};

/**
 * Whether the direct writer can render `template`: a blank base page (mm size) and no element
 * pdfme lays out per record (`isDynamicLayoutSchema`: tables, lists, text that expands). A custom
 * base PDF or a dynamic layout keeps pdfme's `generate()` (`renderChunk`).
 */
export function canWriteDirect(template: Template): boolean {
  return isBlankPdf(template.basePdf) && !template.schemas.some((page) => page.some((el) => isDynamicLayoutSchema(el)));
}

type PdfRender = (arg: PDFRenderProps<Schema>) => Promise<void> | void;

/** The elements pdfme renders on each page, in its order: by the first appearance of their names in the template, the first of a name on a page (pdfme's `getSchemaRenderInfo`). */
function renderOrder(schemas: Schema[][]): Schema[][] {
  const names = [...new Set(schemas.flatMap((page) => page.map((el) => el.name).filter(Boolean)))];
  return schemas.map((page) => {
    const byName = new Map<string, Schema>();
    for (const el of page) if (el.name && !byName.has(el.name)) byName.set(el.name, el);
    return names.flatMap((name) => byName.get(name) ?? []);
  });
}

/** Names font bytes by the render's font map: the same bytes object, else the same content. */
function fontNamer(font: Font): (data: Uint8Array | string) => string | null {
  const byData = new Map<unknown, string>();
  for (const [name, f] of Object.entries(font)) if (!byData.has(f.data)) byData.set(f.data, name);
  let byHash: Map<string, string> | null = null;
  const hash = (d: Uint8Array | string | ArrayBuffer) => createHash('sha1').update(d instanceof ArrayBuffer ? new Uint8Array(d) : d).digest('hex');
  return (data) => {
    const named = byData.get(data);
    if (named) return named;
    byHash ??= new Map(Object.entries(font).map(([name, f]) => [hash(f.data), name]));
    return byHash.get(hash(data)) ?? null;
  };
}

/**
 * The fontkit font of font-map font `name` for this render, shared with pdfme's text renderer
 * through its per-render cache (its `getFontKitFont` key): every string is then shaped once for
 * both measuring (pdfme) and encoding (the canvas), as the layout cache memoises per font object.
 */
function sharedFontkitFont(_cache: Map<string | number, unknown>, name: string, bytes: Uint8Array): fontkit.Font {
  const key = `getFontKitFont-${name}`;
  const known = _cache.get(key);
  if (known && typeof (known as Partial<fontkit.Font>).layout === 'function') return known as fontkit.Font;
  const kit = fontkit.create(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if (!known) _cache.set(key, kit);
  return kit;
}

const xywhToBox = ([x, y, w, h]: [number, number, number, number]): PdfBox => [x, y, x + w, y + h];

/**
 * Renders one chunk of mail pieces (one pdfme input each) as a print fragment (fragment.ts) for
 * the file writer (docs/architecture.md#print-renderer): pdfme's `generate()` loop for a blank base page — every
 * page of the template per input, each element drawn by its plugin of `printPlugins` with the
 * value pdfme would give it — but drawn on `PageCanvas` pages, written as compressed content
 * streams with the fonts (glyphs used), images and graphics states they use. An element whose
 * plugin needs what the canvas lacks (`UnsupportedOnCanvas`, e.g. an svg or a checkbox) is drawn by
 * pdfme alone on a page of its own, placed as a form (`fallbacks` counts them by type). Fonts as
 * `renderChunk`: `font` from `loadFonts()`, plus the fallback fonts the chunk's characters need.
 * With `pageBoxes` each page gets the boxes and crop marks `applyPageBoxes` gives a pdfme chunk.
 * Throws when `canWriteDirect(template)` is false, pdfme's errors (`checkGenerateProps`: a bad
 * template or input, a missing font or plugin; a plugin's error for a bad value), and
 * `checkPrintImages`' for an image over the bounds.
 */
export async function renderFragment(template: Template, inputs: Record<string, string>[], font: Font, opts: RenderFragmentOptions = {}): Promise<Buffer> {
  if (!canWriteDirect(template)) throw new Error('The direct print writer renders templates on a blank page without dynamic layout');
  checkPrintImages(template, inputs); // before a PNG is decoded to RGBA (memory it cannot bound)
  const sample = Object.values(font)[0]?.data;
  if (sample instanceof Uint8Array) installLayoutCache(sample);
  const chunkFont = fontsForTexts(font, chunkTexts(template, inputs));
  checkGenerateProps({ template, inputs, options: { font: chunkFont }, plugins: printPlugins }); // pdfme's checks and errors
  const basePdf = template.basePdf as BlankPdf;
  const schemas = structuredClone(template.schemas); // plugins get pdfme's own copy too
  const staticSchemas = structuredClone(basePdf.staticSchema ?? []);
  const pages = renderOrder(schemas);
  const registry = pluginRegistry(printPlugins);
  const renderers = new Map<string, PdfRender>();
  for (const el of [...schemas.flat(), ...staticSchemas]) {
    const plugin = registry.findByType(el.type);
    if (!plugin?.pdf) throw new Error(`[@pdfme/generator] Plugin or renderer for type ${el.type} not found.`);
    renderers.set(el.type, plugin.pdf as unknown as PdfRender);
  }

  const width = mm2pt(basePdf.width);
  const height = mm2pt(basePdf.height);
  const _cache = new Map<string | number, unknown>();
  const doc = new CanvasDocument(fontNamer(chunkFont), (name, bytes) => sharedFontkitFont(_cache, name, bytes), CONTENT_DEFLATE_LEVEL);
  const pdfDoc = strictDocument(doc) as unknown as PDFRenderProps<Schema>['pdfDoc'];
  const options = { font: chunkFont };
  const blobs = new BlobCollector();
  const written: FragmentPage[] = [];
  const forms = new Map<string, Uint8Array>();
  const fallbacks: Record<string, number> = {};
  /**
   * Each element's last value and drawing (and whether pdfme drew it): an element printing the
   * same value as on the last piece is drawn again as it was, without its plugin.
   */
  const lastDrawn = new Map<Schema, { value: string; drawing: CanvasDrawing; fallback: boolean }>();

  /** `el` drawn by pdfme alone on a blank page of this size: a one-page PDF, once per element and value. */
  const drawForm = async (page: PageCanvas, el: Schema, value: string) => {
    fallbacks[el.type] = (fallbacks[el.type] ?? 0) + 1;
    const key = createHash('sha1').update(JSON.stringify([basePdf.width, basePdf.height, el, value])).digest('hex');
    if (!forms.has(key)) {
      const [label, plugin] = registry.findWithLabelByType(el.type) as [string, Plugin<Schema>];
      const render = plugin.pdf as unknown as PdfRender;
      const single: Template = { basePdf: { width: basePdf.width, height: basePdf.height, padding: basePdf.padding }, schemas: [[{ ...el, required: false }]] };
      forms.set(key, await generate({
        template: single, inputs: [{}], options,
        plugins: { [label]: { ...plugin, pdf: ((arg: PDFRenderProps<Schema>) => render({ ...arg, value })) as unknown as Plugin['pdf'] } },
      }));
    }
    page.write(`q 1 0 0 1 0 0 cm /${page.useXObject(key)} Do Q\n`);
  };

  const finishPage = (page: PageCanvas) => {
    let content = page.content();
    const entry: FragmentPage = { mediaBox: [0, 0, width, height], content: [0, 0], resources: {} };
    if (opts.pageBoxes) {
      const boxes = printPageBoxes({ x: 0, y: 0, width, height }, opts.pageBoxes);
      if (boxes.wrap) content = boxes.wrap[0] + content + boxes.wrap[1];
      entry.mediaBox = xywhToBox(boxes.media);
      entry.bleedBox = xywhToBox(boxes.bleed);
      entry.trimBox = xywhToBox(boxes.trim);
    }
    entry.content = blobs.add(deflateSync(Buffer.from(content, 'latin1'), { level: CONTENT_DEFLATE_LEVEL }));
    const { font: fonts, xobject, extGState } = page.resources;
    if (Object.keys(fonts).length) entry.resources.font = { ...fonts };
    if (Object.keys(xobject).length) entry.resources.xobject = { ...xobject };
    if (Object.keys(extGState).length) entry.resources.extGState = { ...extGState };
    written.push(entry);
  };

  for (let i = 0; i < inputs.length; i++) {
    const input = inputs[i];
    resetInternalLinkAnnotations(_cache); // links between elements are not written to print files
    for (let j = 0; j < pages.length; j++) {
      const canvas = new PageCanvas(doc, width, height);
      const page = strictPage(canvas) as unknown as PDFRenderProps<Schema>['page'];
      doc.pageCount++;
      let variables: Record<string, unknown> | null = null;
      const placeholders = (content: string) => replacePlaceholders({
        content, schemas, variables: (variables ??= { ...input, totalPages: pages.length, currentPage: j + 1 }),
      });
      const elements: Array<[Schema, string]> = [
        ...staticSchemas.map((el): [Schema, string] => [el, el.readOnly ? placeholders(el.content || '') : el.content || '']),
        ...pages[j].map((el): [Schema, string] => [el, el.readOnly ? placeholders(el.content || '') : input[el.name] || '']),
      ];
      for (const [schema, value] of elements) {
        const last = lastDrawn.get(schema);
        if (last?.value === value) {
          canvas.replay(last.drawing);
          if (last.fallback) fallbacks[schema.type]++;
          continue;
        }
        const mark = canvas.mark();
        let fallback = false;
        try {
          await renderers.get(schema.type)!({ value, schema, basePdf, pdfLib: canvasPdfLib, pdfDoc, page, options, _cache });
        } catch (err) {
          if (!(err instanceof UnsupportedOnCanvas)) throw err;
          canvas.rollback(mark);
          await drawForm(canvas, schema, value);
          fallback = true;
        }
        lastDrawn.set(schema, { value, drawing: canvas.since(mark), fallback });
      }
      finishPage(canvas);
    }
    opts.onPieces?.(i + 1);
  }
  return encodeFragment(header(), blobs.parts);

  /** The fragment header: pages, and the fonts, images and forms they use (their bytes added to the blobs now). */
  function header() {
    const used = { font: new Set<string>(), xobject: new Set<string>() };
    for (const p of written) {
      for (const name of Object.values(p.resources.font ?? {})) used.font.add(name);
      for (const key of Object.values(p.resources.xobject ?? {})) used.xobject.add(key);
    }
    const fonts: FragmentFont[] = [...doc.fonts.values()]
      .filter((f: CanvasFont) => used.font.has(f.key))
      .map((f) => (f.isStandard ? { name: f.name, standard: true, glyphs: [] } : { name: f.name, glyphs: [...f.glyphs.values()] }));
    const images = [...doc.images.values()].filter((img) => used.xobject.has(img.key)).map(({ encoded: { data, smask, ...rest } }) => ({
      ...rest, data: blobs.add(data), ...(smask ? { smask: blobs.add(smask) } : {}),
    }));
    const formList = [...forms].filter(([key]) => used.xobject.has(key)).map(([key, pdf]) => ({ key, pdf: blobs.add(pdf) }));
    return { pieces: inputs.length, pages: written, fonts, images, forms: formList, fallbacks };
  }
}
