import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminFontKeys } from './fonts-api';

/** The CSS family a font's preview is drawn in: one per font id, so two fonts never mix. */
const previewFamily = (id: string) => `mc-admin-font-${id}`;

/**
 * Loads a font file (GET /api/fonts/{id}/base64) into the page with the FontFace API and resolves
 * with its CSS family; null where the browser has no FontFace API.
 */
async function loadPreviewFont(id: string): Promise<string | null> {
  if (typeof FontFace === 'undefined') return null;
  const { data } = await api<{ data: string }>(`/api/fonts/${id}/base64`);
  const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
  const face = await new FontFace(previewFamily(id), bytes).load();
  document.fonts.add(face);
  return previewFamily(id);
}

/**
 * One line of `sample` drawn in the font `id` (docs/requirements/administration.md#fonts), loaded once per page visit;
 * while it loads (or when it cannot) the text shows in the page's font, greyed, with why.
 */
export function FontPreview({ id, name, sample }: { id: string; name: string; sample: string }) {
  const font = useQuery({ queryKey: [...adminFontKeys.all, 'file', id], queryFn: () => loadPreviewFont(id), staleTime: Infinity, retry: false });
  const family = font.data;
  const title = font.isError ? 'The preview could not be loaded' : font.isPending ? 'Loading the font…' : undefined;
  return (
    <span className={`admin-font-preview${family ? '' : ' admin-font-preview-pending'}`} title={title} aria-label={`Preview of ${name}`}
      style={family ? { fontFamily: `'${family}'` } : undefined}>
      {sample || name}
    </span>
  );
}
