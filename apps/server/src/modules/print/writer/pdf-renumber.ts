import { PDFArray, PDFDict, PDFObject, PDFRef, PDFStream } from '@pdfme/pdf-lib';

/**
 * Copying objects of a PDF loaded with pdf-lib into another file under new object numbers
 * (docs/architecture.md#print-renderer): the chunk merger copies whole chunks, the direct
 * writer the resources of pdfme fallback forms.
 */

/**
 * Replaces, in place, every reference inside `objects` (and inside the dictionaries, arrays and
 * stream dictionaries they hold) by `target(ref)`: the new reference, or e.g. PDFNull for an
 * object not copied. A direct object shared by several objects is rewritten once.
 */
export function rewriteRefs(objects: Iterable<PDFObject>, target: (ref: PDFRef) => PDFObject): void {
  const seen = new Set<PDFObject>();
  const rewrite = (obj: PDFObject): PDFObject => {
    if (obj instanceof PDFRef) return target(obj);
    if (!(obj instanceof PDFDict || obj instanceof PDFArray || obj instanceof PDFStream) || seen.has(obj)) return obj;
    seen.add(obj);
    if (obj instanceof PDFDict) {
      for (const [key, value] of obj.entries()) obj.set(key, rewrite(value));
    } else if (obj instanceof PDFArray) {
      for (let i = 0; i < obj.size(); i++) obj.set(i, rewrite(obj.get(i)));
    } else {
      rewrite(obj.dict);
    }
    return obj;
  };
  for (const obj of objects) rewrite(obj);
}

/** The bytes of the indirect object `num` holding `obj`: `num 0 obj\n…\nendobj\n`. */
export function indirectObjectBytes(num: number, obj: PDFObject): Buffer {
  const head = `${num} 0 obj\n`;
  const tail = '\nendobj\n';
  const size = obj.sizeInBytes();
  const out = Buffer.alloc(head.length + size + tail.length);
  out.write(head, 0, 'latin1');
  obj.copyBytesInto(out, head.length);
  out.write(tail, head.length + size, 'latin1');
  return out;
}
