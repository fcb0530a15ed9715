import { useQuery } from '@tanstack/react-query';
import type { Font } from '@pdfme/common';
import type { TFont } from '@mailcraft/shared';
import { api } from '../../lib/api-client';
import { designKeys } from './design-api';


/** The message shown when the fonts cannot be loaded (spec 000 §8). */
export const FONTS_ERROR = 'Failed to load fonts';

/** Base64 (optionally a data URL) → bytes. */
function base64Bytes(data: string): Uint8Array<ArrayBuffer> {
  const b64 = data.includes(';base64,') ? data.slice(data.indexOf(';base64,') + 8) : data;
  const bin = atob(b64.replace(/\s+/g, ''));
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

const labels = new WeakMap<Font, Record<string, string>>();

/**
 * The name the Designer's font list shows for each font of a map `fetchDesignFonts` built, by
 * PostScript name (issue 11: uploaded fonts appear with their display name; designs still store
 * the PostScript name). Empty for any other map.
 */
export const designFontLabels = (font: Font): Record<string, string> => labels.get(font) ?? {};

/**
 * Fetches every font and its file (GET /api/fonts, then GET /api/fonts/{id}/base64 for each, in
 * parallel) and builds pdfme's `Font` map keyed by PostScript name, with exactly one fallback
 * (the server's `is_fallback` one — Roboto-Regular by default, spec 000 §9). Data is passed as
 * bytes, not strings: the Designer loads string data as a URL and our indicia plugin decodes
 * strings as bare base64, so bytes are the one form every consumer reads the same way.
 */
export async function fetchDesignFonts(): Promise<Font> {
  const list = await api<TFont[]>('/api/fonts');
  if (list.length === 0) throw new Error('No fonts are installed');
  const files = await Promise.all(list.map((f) => api<{ data: string }>(`/api/fonts/${f.id}/base64`)));
  const fallbackIndex = Math.max(0, list.findIndex((f) => f.is_fallback));
  const font: Font = {};
  list.forEach((f, i) => {
    font[f.postscript_name] = { data: base64Bytes(files[i].data), fallback: i === fallbackIndex, subset: true };
  });
  labels.set(font, Object.fromEntries(list.map((f) => [f.postscript_name, f.display_name])));
  return font;
}

/**
 * The fonts of the Designer and of anything rendered in the browser. Loaded only by the editor
 * and production pages (spec 000 §4 "Fonts load only on the editor and production pages"), once
 * per session: font files do not change while a page is open.
 */
export function useDesignFonts(enabled = true) {
  return useQuery({
    queryKey: designKeys.fonts,
    queryFn: fetchDesignFonts,
    enabled,
    staleTime: Infinity,
    gcTime: 30 * 60_000,
    retry: 1,
  });
}
