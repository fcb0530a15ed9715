import * as fontkit from 'fontkit';

/**
 * Layouts kept per font object; a chunk's fonts are new objects, so this bounds one chunk. A plain
 * Map emptied when full, not an lru-cache: lru-cache allocates its `max` slots up front, 20,000 per
 * short-lived font object, and this lookup is on the hottest path of a render.
 */
const MAX_ENTRIES = 20_000;
let installed = false;

type LayoutFn = (this: object, text: unknown, features?: unknown, ...rest: unknown[]) => unknown;

/**
 * Memoises fontkit's `layout()` per font object and string. Text shaping is the largest single
 * cost of a mail piece (measured: ~27% of render CPU), and pdfme and pdf-lib shape the same
 * strings again and again — every piece's indicia lines, return address and captions, and each
 * line once to measure and once to encode. fontkit has no cache of its own; its glyph runs are
 * only read by pdfme and pdf-lib, so sharing one run between calls is safe. Installed once per
 * thread on the font class's prototype (found from `sample`, any TTF), since pdfme and pdf-lib
 * create their font objects internally. Calls with a script, language or direction pass
 * straight through.
 */
export function installLayoutCache(sample: Uint8Array): void {
  if (installed) return;
  installed = true;
  const proto = Object.getPrototypeOf(fontkit.create(Buffer.from(sample))) as { layout?: LayoutFn };
  const original = proto.layout;
  if (typeof original !== 'function') return;
  const caches = new WeakMap<object, Map<string, unknown>>();
  proto.layout = function layout(this: object, text: unknown, features?: unknown, ...rest: unknown[]) {
    if (typeof text !== 'string' || rest.some((r) => r != null) || typeof features === 'string') {
      return original.call(this, text, features, ...rest);
    }
    let cache = caches.get(this);
    if (!cache) caches.set(this, (cache = new Map()));
    const key = features ? `${JSON.stringify(features)}\u0000${text}` : text;
    let run = cache.get(key);
    if (run === undefined) {
      run = original.call(this, text, features);
      if (cache.size >= MAX_ENTRIES) cache.clear();
      cache.set(key, run);
    }
    return run;
  };
}
