import type { Plugin, PropPanelSchema, Schema } from '@pdfme/common';
import { EFFECT_ELEMENT_PROP, type TEffect } from '@mailcraft/shared';
import { api } from '../../lib/api-client';
import { blobToDataUrl } from '../admin/effects/effects-api';

/** Processed images kept in the page (each a data URL): enough for a design's images on both sides. */
const CACHE_ENTRIES = 24;
const IMAGE_DATA_URL = /^data:image\/(png|jpe?g);base64,/;

/** effect id → (original data URL → processed data URL). Keyed by the original string itself: V8 keeps a string's hash. */
const cache = new Map<string, Map<string, Promise<string>>>();
let cached = 0;

/** Drops the oldest processed image. */
function evictOldest(): void {
  for (const [effectId, byImage] of cache) {
    const first = byImage.keys().next();
    if (first.done) {
      cache.delete(effectId);
      continue;
    }
    byImage.delete(first.value);
    cached--;
    return;
  }
}

/**
 * The element's image with its effect drawn by the server (POST /api/effects/{id}/preview, the
 * same `applyEffect` print uses), as a PNG data URL; cached by effect and image. Resolves with
 * the original when the element has no effect, the effect is gone (deleted: it prints without
 * one too), or the image is no PNG/JPEG data URL; rejects with the server's message otherwise
 * (e.g. an image over 25 megapixels, which print refuses as well).
 */
export function imageWithEffect(schema: Schema, value: string): Promise<string> {
  const effectId = typeof schema[EFFECT_ELEMENT_PROP] === 'string' ? (schema[EFFECT_ELEMENT_PROP] as string) : '';
  if (!effectId || !IMAGE_DATA_URL.test(value)) return Promise.resolve(value);
  let byImage = cache.get(effectId);
  if (!byImage) cache.set(effectId, (byImage = new Map()));
  let out = byImage.get(value);
  if (!out) {
    out = api<Blob>(`/api/effects/${encodeURIComponent(effectId)}/preview`, { method: 'POST', body: { image: value }, headers: { accept: 'image/png' } })
      .then(blobToDataUrl)
      .catch((err: unknown) => {
        if (byImage.delete(value)) cached--;
        if ((err as { status?: number }).status === 404) return value;
        throw err;
      });
    byImage.set(value, out);
    if (++cached > CACHE_ENTRIES) evictOldest();
  }
  return out;
}

/** Forgets every processed image (after an administrator changes an effect, `useDesignerEffects`). */
export function forgetEffectPreviews(): void {
  cache.clear();
  cached = 0;
}

/** The latest render of each element box, so a slow preview does not draw over a newer render. */
const renders = new WeakMap<HTMLElement, number>();

/**
 * pdfme's image plugin with an 'Effect' choice (docs/requirements/administration.md#administration Admin → Effects): the property panel
 * offers 'None' and the named effects the Designer got in `options.effects` (TEffect[]), stored
 * on the element as `effect` (the effect id; '' for none). The element keeps its original picture
 * in `content`, so the effect can be changed or removed; the canvas and the browser-rendered
 * thumbnails draw the processed picture from the server (`imageWithEffect`), and print processes
 * it the same way. An image the server refuses is drawn as it is, with the reason as a tooltip.
 */
export function withImageEffect(plugin: Plugin): Plugin {
  const base = plugin.propPanel.schema;
  return {
    ...plugin,
    pdf: async (arg) => plugin.pdf({ ...arg, value: await imageWithEffect(arg.schema, arg.value).catch(() => arg.value) }),
    ui: async (arg) => {
      const render = (renders.get(arg.rootElement) ?? 0) + 1;
      renders.set(arg.rootElement, render);
      let value = arg.value;
      let problem = '';
      try {
        value = await imageWithEffect(arg.schema, arg.value);
      } catch (err) {
        problem = `Effect not shown: ${err instanceof Error ? err.message : String(err)}`;
      }
      if (renders.get(arg.rootElement) !== render) return;
      arg.rootElement.title = problem;
      await plugin.ui({ ...arg, value });
    },
    propPanel: {
      ...plugin.propPanel,
      schema: (props) => {
        const effects = ((props.options as { effects?: TEffect[] }).effects ?? []);
        const current = String((props.activeSchema as Schema)[EFFECT_ELEMENT_PROP] ?? '');
        const options = [{ label: 'None', value: '' }, ...effects.map((e) => ({ label: e.name, value: e.id }))];
        if (current && !effects.some((e) => e.id === current)) options.push({ label: 'Deleted effect (prints without one)', value: current });
        const effect: PropPanelSchema = { title: 'Effect', type: 'string', widget: 'select', default: '', props: { options }, span: 24 };
        return { ...(typeof base === 'function' ? base(props) : base), [EFFECT_ELEMENT_PROP]: effect };
      },
    },
  };
}
