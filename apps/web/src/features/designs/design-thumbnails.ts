import type { Font, Template } from '@pdfme/common';
import { buildPieceInputs, type PieceContext } from '@mailcraft/shared/designs';
import { designPlugins } from './design-plugins';

/** Thumbnail scale: 72 dpi × 0.5, e.g. 306 × 396 px for 8.5x11 — small enough for project cards. */
export const THUMBNAIL_SCALE = 0.5;

function toBase64(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

/**
 * Renders page 1 of a design as a mail piece of one record and returns it as a
 * 'data:image/png;base64,…' URL (docs/requirements/projects.md#project thumbnails). The PDF is generated in the
 * browser with the Designer's plugins and fonts and the record's values (`buildPieceInputs`, the
 * same rule the server's print renderer uses), then rasterised with @pdfme/converter's `pdf2img`
 * in its worker. Both libraries load on first use. Throws pdfme's error for an invalid template.
 */
export async function renderThumbnail(
  template: Template,
  fields: Record<string, string>,
  ctx: PieceContext,
  font: Font,
): Promise<string> {
  const [{ generate }, { pdf2img }] = await Promise.all([import('@pdfme/generator'), import('@pdfme/converter')]);
  const inputs = [buildPieceInputs(template, fields, ctx)];
  const pdf = await generate({ template, inputs, plugins: designPlugins, options: { font } });
  const [png] = await pdf2img(pdf, { scale: THUMBNAIL_SCALE, range: { start: 0, end: 0 } });
  return `data:image/png;base64,${toBase64(png)}`;
}
