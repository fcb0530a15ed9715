import { createHash } from 'node:crypto';
import type { Schema, Template } from '@pdfme/common';
import { LRUCache } from 'lru-cache';
import { EFFECT_ELEMENT_PROP, type TEffectSpec } from '@mailcraft/shared';
import { templateFieldName } from '@mailcraft/shared/designs';
import type { AppContext } from '../../../platform/context.js';
import { AppError } from '../../../platform/errors.js';
import { applyEffect } from '../../effects/apply-effect.js';
import { effectSpecs, imageDataUrlBytes } from '../../effects/effects.service.js';

/** Processed images kept per render: enough for a design's static images; merge images (one per record) cycle through. */
const CACHE_ENTRIES = 32;
/** Merge images processed at once (sharp runs them on libuv threads, off the event loop). */
const PARALLEL = 4;

const IMAGE_DATA_URL = /^data:image\/(png|jpe?g);base64,/;

/**
 * Applies image effects to one render's piece inputs: `apply` processes the per-record value of
 * each merge image (`map_image`) that has an effect. Made by `prepareImageEffects`.
 */
export type ImageEffects = { apply(inputs: Record<string, string>[]): Promise<Record<string, string>[]> };

/** `applyEffect` on data URLs, remembering the last CACHE_ENTRIES results by effect id and input hash. */
function effectCache() {
  const cache = new LRUCache<string, Promise<string>>({ max: CACHE_ENTRIES });
  return (dataUrl: string, effectId: string, spec: TEffectSpec): Promise<string> => {
    const key = `${effectId}:${createHash('sha256').update(dataUrl).digest('base64')}`;
    let out = cache.get(key);
    if (!out) {
      out = applyEffect(imageDataUrlBytes(dataUrl), spec).then((png) => `data:image/png;base64,${png.toString('base64')}`);
      cache.set(key, out);
    }
    return out;
  };
}

/** An AppError naming the element, so the user knows which image to fix. */
function forElement(err: unknown, el: Schema): never {
  if (err instanceof AppError) throw new AppError(err.code, `Image "${el.name}": ${err.message}`);
  throw err;
}

/**
 * Prepares the image effects of a piece template for one render (docs/requirements/administration.md#administration Admin → Effects: the
 * designer's preview and print draw images with the same `applyEffect`). Every `image` element
 * whose `effect` property names an effect has its own content (a static image, or the picture of a
 * non-merge image) replaced by the processed PNG once, here — so a static image is processed once
 * per print file, not per piece. Merge images (`map_image`, different per record) are processed
 * per record by the returned `apply`, identical inputs once (cache). An effect that no longer
 * exists (deleted by an administrator) is ignored: the element prints without it. Mutates
 * `template`; null when no element has an effect. Errors as `applyEffect` (413, 422), naming the element.
 */
export async function prepareImageEffects(ctx: Pick<AppContext, 'db'>, template: Template): Promise<ImageEffects | null> {
  const withEffect = template.schemas.flat().filter((el) => el.type === 'image' && typeof el[EFFECT_ELEMENT_PROP] === 'string' && el[EFFECT_ELEMENT_PROP]);
  if (withEffect.length === 0) return null;
  const specs = await effectSpecs(ctx.db, [...new Set(withEffect.map((el) => String(el[EFFECT_ELEMENT_PROP])))]);
  const process = effectCache();
  const merged: Array<{ name: string; effectId: string; spec: TEffectSpec; el: Schema }> = [];
  for (const el of withEffect) {
    const effectId = String(el[EFFECT_ELEMENT_PROP]);
    const spec = specs.get(effectId);
    if (!spec) continue;
    if (typeof el.content === 'string' && IMAGE_DATA_URL.test(el.content)) {
      el.content = await process(el.content, effectId, spec).catch((err: unknown) => forElement(err, el));
    }
    if (!el.readOnly && templateFieldName(el.name) === 'map_image') merged.push({ name: el.name, effectId, spec, el });
  }
  if (merged.length === 0) return null;
  return {
    async apply(inputs) {
      const jobs = inputs.flatMap((input) => merged.filter((m) => IMAGE_DATA_URL.test(input[m.name] ?? '')).map((m) => ({ input, m })));
      for (let i = 0; i < jobs.length; i += PARALLEL) {
        await Promise.all(jobs.slice(i, i + PARALLEL).map(async ({ input, m }) => {
          input[m.name] = await process(input[m.name], m.effectId, m.spec).catch((err: unknown) => forElement(err, m.el));
        }));
      }
      return inputs;
    },
  };
}
