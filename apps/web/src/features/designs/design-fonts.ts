import { useCallback, useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Font } from '@pdfme/common';
import { DEFAULT_ELEMENT_FONT, type TFont } from '@mailcraft/shared';
import { api } from '../../lib/api-client';
import { designKeys } from './design-api';

/** The message shown when the fonts cannot be loaded (docs/requirements/workflow.md#messages). */
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
 * The name the Designer's font list shows for each installed font, by PostScript name (uploaded
 * fonts appear with their display name; designs still store the PostScript name) — every
 * font of the catalog, loaded or not, for a map `loadDesignFonts` built. Empty for any other map.
 */
export const designFontLabels = (font: Font): Record<string, string> => labels.get(font) ?? {};

/** The PostScript names the templates print with: every element's `fontName` (templates may be null). */
export function fontNamesOf(templates: ReadonlyArray<unknown>): Set<string> {
  const names = new Set<string>();
  for (const t of templates) {
    const pages = (t as { schemas?: unknown } | null)?.schemas;
    if (!Array.isArray(pages)) continue;
    for (const page of pages) {
      for (const el of Array.isArray(page) ? page : Object.values(page ?? {})) {
        const name = (el as { fontName?: unknown } | null)?.fontName;
        if (typeof name === 'string' && name) names.add(name);
      }
    }
  }
  return names;
}

/** GET /api/fonts/{id}/base64 as bytes, fetched once per session (the browser caches the answer a day too). */
const fontFile = (client: QueryClient, font: TFont) => client.fetchQuery({
  queryKey: designKeys.fontFile(font.id),
  queryFn: async () => base64Bytes((await api<{ data: string }>(`/api/fonts/${font.id}/base64`)).data),
  staleTime: Infinity,
  gcTime: 30 * 60_000,
});

/**
 * pdfme's `Font` map, keyed by PostScript name, of the catalog's fonts that `names` asks for, plus
 * the fallback (exactly one: the server's `is_fallback` font, Roboto-Regular by default, docs/requirements/README.md#requirements
 * §9) and DEFAULT_ELEMENT_FONT (new text elements): each file fetched in parallel, once per session.
 * Names the catalog lacks are left out (pdfme draws them in the fallback). Data is passed as bytes,
 * not strings: the Designer loads string data as a URL and our indicia plugin decodes strings as
 * bare base64, so bytes are the one form every consumer reads the same way. Throws when no font is
 * installed or a file cannot be fetched.
 */
export async function loadDesignFonts(client: QueryClient, catalog: TFont[], names: Iterable<string>): Promise<Font> {
  if (catalog.length === 0) throw new Error('No fonts are installed');
  const fallbackIndex = Math.max(0, catalog.findIndex((f) => f.is_fallback));
  const wanted = new Set([...names, DEFAULT_ELEMENT_FONT, catalog[fallbackIndex].postscript_name]);
  const chosen = catalog.filter((f) => wanted.has(f.postscript_name));
  const files = await Promise.all(chosen.map((f) => fontFile(client, f)));
  const font: Font = {};
  chosen.forEach((f, i) => {
    font[f.postscript_name] = { data: files[i], fallback: f === catalog[fallbackIndex], subset: true };
  });
  labels.set(font, Object.fromEntries(catalog.map((f) => [f.postscript_name, f.display_name])));
  return font;
}

/** The fonts of the Designer: the map to draw with, the state of its loading, and `need` to add fonts. */
export type DesignFonts = {
  /** The fonts loaded so far; undefined until the first set is in. */
  data: Font | undefined;
  isError: boolean;
  refetch: () => void;
  /** Loads these fonts too (a font picked in the property panel, an element inserted or restored with one). */
  need: (names: Iterable<string>) => void;
};

/**
 * The fonts of the Designer, loaded on demand (docs/requirements/designer.md#fonts): GET /api/fonts,
 * then only the files of the fonts `templates` print with (with the fallback and the default
 * element font) — not every installed font; the others when `need` names them, the map in use
 * staying while they load. `templates` null waits (the design is still loading). Loaded only by
 * the editor page (docs/requirements/workflow.md#workflow-order "Fonts load only on the editor and production pages").
 */
export function useDesignFonts(templates: ReadonlyArray<unknown> | null): DesignFonts {
  const client = useQueryClient();
  const catalog = useQuery({
    queryKey: designKeys.fontList,
    queryFn: () => api<TFont[]>('/api/fonts'),
    staleTime: Infinity,
    gcTime: 30 * 60_000,
    retry: 1,
  });
  const [extra, setExtra] = useState<ReadonlySet<string>>(new Set());
  const names = useMemo(() => {
    const all = new Set(templates ? fontNamesOf(templates) : []);
    for (const n of extra) all.add(n);
    const known = new Set(catalog.data?.map((f) => f.postscript_name));
    return [...all].filter((n) => known.has(n)).sort();
  }, [templates, extra, catalog.data]);
  const files = useQuery({
    queryKey: [...designKeys.fonts, 'set', names],
    queryFn: () => loadDesignFonts(client, catalog.data!, names),
    enabled: !!catalog.data && templates !== null,
    staleTime: Infinity,
    gcTime: 30 * 60_000,
    retry: 1,
    placeholderData: keepPreviousData,
  });
  const need = useCallback((more: Iterable<string>) => {
    setExtra((had) => {
      const next = new Set(had);
      for (const n of more) next.add(n);
      return next.size === had.size ? had : next;
    });
  }, []);
  return {
    data: files.data,
    isError: catalog.isError || files.isError,
    refetch: () => void (catalog.isError ? catalog.refetch() : files.refetch()),
    need,
  };
}
