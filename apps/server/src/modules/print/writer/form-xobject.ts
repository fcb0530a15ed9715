import zlib from 'node:zlib';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFNull, PDFRawStream, PDFRef, PDFStream, type PDFObject } from '@pdfme/pdf-lib';
import { indirectObjectBytes, rewriteRefs } from './pdf-renumber.js';
import type { WrittenObject } from './pdf-file-structure.js';

/**
 * A pdfme fallback form (a one-page PDF holding one element, `FragmentForm`) as a Form XObject
 * of the print file (ISO 32000-1 §8.10; docs/architecture.md#print-renderer).
 */

const NOT_COPIED = new Set(['Page', 'Pages', 'Catalog']);

/** The references reachable from `root`, in the order found; pages, page-tree nodes and the catalog are left out. */
function reachableRefs(doc: PDFDocument, root: PDFObject): PDFRef[] {
  const found = new Set<PDFRef>();
  const stack: PDFObject[] = [root];
  while (stack.length) {
    const obj = stack.pop()!;
    if (obj instanceof PDFRef) {
      if (found.has(obj)) continue;
      const target = doc.context.lookup(obj);
      const type = target instanceof PDFDict ? target.get(PDFName.Type) : undefined;
      if (!target || (type instanceof PDFName && NOT_COPIED.has(type.decodeText()))) continue;
      found.add(obj);
      stack.push(target);
    } else if (obj instanceof PDFDict) {
      stack.push(...obj.values());
    } else if (obj instanceof PDFArray) {
      stack.push(...obj.asArray());
    } else if (obj instanceof PDFStream) {
      stack.push(obj.dict);
    }
  }
  return [...found];
}

/** The page's content as one stream: a single stream as it is (its filters kept), several decoded, joined and Flate-compressed. */
function pageContent(doc: PDFDocument, contents: PDFStream | PDFArray | undefined): { data: Uint8Array; filter?: PDFObject; parms?: PDFObject } {
  if (contents instanceof PDFRawStream) {
    const entry = (key: string) => doc.context.lookup(contents.dict.get(PDFName.of(key)));
    return { data: contents.contents, filter: entry('Filter'), parms: entry('DecodeParms') };
  }
  const streams = contents instanceof PDFArray ? contents.asArray().map((s) => doc.context.lookup(s)) : [];
  const parts = streams.filter((s): s is PDFRawStream => s instanceof PDFRawStream).map((s) => Buffer.from(decodePDFRawStream(s).decode()));
  return { data: zlib.deflateSync(Buffer.concat(parts.flatMap((p) => [p, Buffer.from('\n')]))), filter: PDFName.of('FlateDecode') };
}

/**
 * The objects of the Form XObject drawing page 1 of `pdf`: the form as object `num` (/BBox = the
 * page's MediaBox, the page's content, its Resources), then every object the resources use,
 * renumbered with `allocate()`. Throws pdf-lib's parse error for a damaged PDF, or when it has no page.
 */
export async function formXObjects(pdf: Uint8Array, num: number, allocate: () => number): Promise<WrittenObject[]> {
  const doc = await PDFDocument.load(pdf, { parseSpeed: Infinity, updateMetadata: false });
  if (doc.getPageCount() === 0) throw new Error('A fallback form PDF has no page');
  const page = doc.getPage(0);
  const { x, y, width, height } = page.getMediaBox();
  const resources = page.node.getInheritableAttribute(PDFName.Resources);
  const resourceDict = resources instanceof PDFRef ? doc.context.lookup(resources) : resources;
  const content = pageContent(doc, page.node.Contents());

  const refs = reachableRefs(doc, resourceDict ?? PDFNull);
  const renumber = new Map(refs.map((ref) => [ref, PDFRef.of(allocate())]));
  rewriteRefs([...(resourceDict ? [resourceDict] : []), ...refs.map((ref) => doc.context.lookup(ref)!)], (ref) => renumber.get(ref) ?? PDFNull);

  const dict = doc.context.obj({ Type: 'XObject', Subtype: 'Form', BBox: [x, y, x + width, y + height] });
  if (resourceDict) dict.set(PDFName.Resources, resourceDict);
  if (content.filter) dict.set(PDFName.of('Filter'), content.filter);
  if (content.parms) dict.set(PDFName.of('DecodeParms'), content.parms);
  const objects: WrittenObject[] = [{ num, bytes: indirectObjectBytes(num, PDFRawStream.of(dict, content.data)) }];
  for (const ref of refs) objects.push({ num: renumber.get(ref)!.objectNumber, bytes: indirectObjectBytes(renumber.get(ref)!.objectNumber, doc.context.lookup(ref)!) });
  return objects;
}
