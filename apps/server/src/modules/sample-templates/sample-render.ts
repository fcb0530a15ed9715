import { PERMIT_LINE_DEFAULTS } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { renderDesignPiece } from '../print/print.service.js';
import type { SampleDesign } from './sample-templates.repo.js';

/** The record a sample's thumbnails show (a made-up person, like the Designer's sample data). */
export const THUMBNAIL_RECORD: Record<string, string> = {
  first_name: 'Jordan', last_name: 'Rivera', full_name: 'Jordan Rivera', address: '1200 Maple Ave',
  city: 'Springfield', state: 'IL', zip: '62704', city_state_zip: 'Springfield, IL 62704',
};
const THUMBNAIL_QR_URL = 'https://example.com/r/sample';
/** Thumbnails at 72 dpi (6x9: 432 × 648 px, 8.5x11: 612 × 792 px): sharp on a gallery card. */
const THUMBNAIL_SCALE = 1;

/** 'double' when the design has an outside page. */
export const sidesOf = (design: SampleDesign) => (design.outside ? 'double' : 'single') as 'double' | 'single';

/**
 * One mail piece of a sample's design for `record`, as PDF bytes, by the print renderer (outside
 * page first when double-sided), with the default indicia lines. Errors as `renderDesignPiece`.
 */
export function renderSamplePdf(ctx: Pick<AppContext, 'config'>, design: SampleDesign, paperSize: string, record: Record<string, string>): Promise<Uint8Array> {
  return renderDesignPiece(ctx, design, { sides: sidesOf(design), paperSize }, record, {
    indiciaText: PERMIT_LINE_DEFAULTS.join('\n'), qrUrl: THUMBNAIL_QR_URL,
  });
}

/**
 * The front (address side) and back (inside; null single-sided) thumbnails of a sample, PNG:
 * rendered as a mail piece of THUMBNAIL_RECORD by the print renderer and rasterised with
 * @pdfme/converter's `pdf2img` — the renderer the Designer makes project thumbnails with.
 */
export async function renderSampleThumbnails(ctx: Pick<AppContext, 'config'>, design: SampleDesign, paperSize: string): Promise<{ front: Buffer; back: Buffer | null }> {
  const pdf = await renderSamplePdf(ctx, design, paperSize, THUMBNAIL_RECORD);
  const { pdf2img } = await import('@pdfme/converter');
  const pages = await pdf2img(pdf, { scale: THUMBNAIL_SCALE, range: { start: 0, end: design.outside ? 1 : 0 } });
  const png = (i: number) => Buffer.from(pages[i]);
  return { front: png(0), back: design.outside ? png(1) : null };
}
