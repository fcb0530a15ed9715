import type { PaperSize, TDesignTemplate } from '@mailcraft/shared';
import { add, addressBlock, indicia, page, qr, rect, svg, template, text, zones, type Page } from './kit.js';

/** The words, colours and artwork of one built-in sample; the layouts below place them. */
export type SampleTheme = {
  size: PaperSize;
  colors: {
    /** Hero band of the address side and the footer. */
    band: string;
    /** Headings, stripes, the coupon border. */
    accent: string;
    /** Text on the band. */
    onBand: string;
    /** Body text. */
    ink: string;
    /** Light panels. */
    soft: string;
  };
  brand: string;
  /** Return address lines ('\n'-separated). */
  returnAddress: string;
  front: { headline: string; sub: string; art: string; qrCaption: string };
  inside: {
    title: string; body: string; bullets: string[]; offer: { big: string; small: string };
    qrCaption: string; footer: string; art: string;
  };
};

const PT = 25.4 / 72;
const M = 8;
/** Height in mm of `lines` lines of `size` pt text at `lineHeight`. */
const textHeight = (lines: number, size: number, lineHeight: number) => lines * size * PT * lineHeight + 1;
const lineCount = (s: string) => s.split('\n').length;
/** Lines a paragraph wraps to in `width` mm (average glyph ≈ 0.5 em), plus its own line breaks. */
const wrappedLines = (s: string, width: number, size: number) =>
  s.split('\n').reduce((n, para) => n + Math.max(1, Math.ceil(para.length / (width / (size * PT * 0.5)))), 0);

/**
 * The address side (the outside of a double-sided piece, docs/requirements/README.md#requirements guide geometry): return address
 * top left, the indicia top right in the indicia zone, a colour band with the headline, artwork and
 * a QR code, and below it the address block alone in the USPS address zone (nothing else printed
 * there or in the barcode clear zone).
 */
export function addressSide(t: SampleTheme): TDesignTemplate {
  const p: Page = page(t.size);
  const big = p.width > 200;
  const { colors: c } = t;
  const bandTop = 40;
  const bandBottom = zones(p)['Address zone'].y - 6;
  const q = big ? 30 : 25;
  const art = Math.min(bandBottom - bandTop - q - 16, p.width * 0.48);
  const colW = p.width - 2 * M - art - 6;
  const hs = big ? 34 : 24;
  const ss = big ? 13.5 : 10.5;
  const headlineH = textHeight(lineCount(t.front.headline), hs, 1.05);
  const subY = bandTop + 8 + headlineH + 3;
  const subH = textHeight(wrappedLines(t.front.sub, colW, ss), ss, 1.3);
  const qrY = bandBottom - M - q;
  add(p,
    text('brand', M, 9, p.width - 2 * M - 42, 9, t.brand, { size: big ? 17 : 14, color: c.accent }),
    text('return_address', M, 17.5, p.width - 2 * M - 42, 16, t.returnAddress, { size: big ? 9 : 7.5, color: '#52606d', lineHeight: 1.25 }),
    indicia(p),
    rect('band', 0, bandTop, p.width, bandBottom - bandTop, c.band),
    rect('stripe', 0, bandBottom, p.width, 2.2, c.accent),
    text('headline', M + 1, bandTop + 8, colW, headlineH, t.front.headline, { size: hs, color: c.onBand, lineHeight: 1.05 }),
    text('subheadline', M + 1, subY, colW, subH, t.front.sub, { size: ss, color: c.onBand, lineHeight: 1.3 }),
    svg('artwork', p.width - M - art, bandTop + 6, art, art, t.front.art),
    rect('qr_pad', p.width - M - q - 2, qrY - 2, q + 4, q + 4, '#ffffff', { radius: 2 }),
    qr('qr_code', p.width - M - q, qrY, q),
    text('qr_caption', p.width - M - q - 8 - (big ? 62 : 48), qrY, big ? 62 : 48, q, t.front.qrCaption, { size: big ? 15 : 11, color: c.onBand, align: 'right', valign: 'middle', lineHeight: 1.2 }),
    addressBlock(p),
  );
  return template(p);
}

/**
 * The inside: a header band with the brand, a personal greeting ('{first_name}'), the message,
 * a panel of points, a coupon and a QR code, and a footer band.
 */
export function insideSide(t: SampleTheme): TDesignTemplate {
  const p: Page = page(t.size);
  const big = p.width > 200;
  const { colors: c } = t;
  const w = p.width - 2 * M;
  const hh = big ? 36 : 28;
  const art = big ? 50 : 34;
  const ts = big ? 26 : 19;
  const bs = big ? 12.5 : 10;
  const q = big ? 30 : 24;
  const footerH = big ? 16 : 12;
  const titleW = w - art - 6;
  const titleH = textHeight(wrappedLines(t.inside.title, titleW, ts), ts, 1.1);
  const greetingH = textHeight(1, bs + 2, 1.2);
  const bodyH = textHeight(wrappedLines(t.inside.body, w, bs), bs, 1.35);
  const pointsH = textHeight(t.inside.bullets.length, bs, 1.6) + 8;
  const couponH = big ? 46 : 36;
  const top = hh + art / 2 + 2;
  const bottom = p.height - footerH - (big ? 12 : 8);
  // The free height is shared out between the gaps (½ + ½ + 1 + 1), so the page is evenly filled.
  const gap = Math.max(3, (bottom - top - titleH - greetingH - bodyH - pointsH - couponH - 2) / 3);
  let y = top + gap / 2;
  const next = (h: number, g = gap) => {
    const at = y;
    y += h + g;
    return at;
  };
  const couponW = w - q - 14;
  add(p,
    rect('header', 0, 0, p.width, hh, c.band),
    text('header_brand', M, big ? 10 : 8, w - art - 4, 12, t.brand, { size: big ? 22 : 16, color: c.onBand }),
    text('header_tagline', M, big ? 21 : 16.5, w - art - 4, 8, t.returnAddress.replace('\n', ', '), { size: big ? 10 : 8, color: c.onBand }),
    svg('inside_artwork', p.width - M - art, hh - art / 2, art, art, t.inside.art),
    text('title', M, next(titleH, gap / 2), titleW, titleH, t.inside.title, { size: ts, color: c.accent, lineHeight: 1.1 }),
    text('greeting', M, next(greetingH, 2), w, greetingH, 'Hi {first_name},', { size: bs + 2, color: c.ink }),
    text('message', M, next(bodyH), w, bodyH, t.inside.body, { size: bs, color: c.ink, lineHeight: 1.35 }),
  );
  const pointsY = next(pointsH);
  const couponY = next(couponH);
  add(p,
    rect('points_panel', M, pointsY, w, pointsH, c.soft, { radius: 3 }),
    text('points', M + 5, pointsY + 4, w - 10, pointsH - 8, t.inside.bullets.map((b) => `•  ${b}`).join('\n'), { size: bs, color: c.ink, lineHeight: 1.6 }),
    rect('coupon', M, couponY, couponW, couponH, '#ffffff', { radius: 3, border: c.accent, borderWidth: 0.8 }),
    text('coupon_offer', M + 3, couponY + 3, couponW - 6, couponH * 0.52, t.inside.offer.big, { size: big ? 34 : 24, color: c.accent, align: 'center', valign: 'middle' }),
    text('coupon_terms', M + 3, couponY + couponH * 0.58, couponW - 6, couponH * 0.38, t.inside.offer.small, { size: big ? 10.5 : 8.5, color: c.ink, align: 'center', lineHeight: 1.25 }),
    qr('qr_code', p.width - M - q - 2, couponY, q),
    text('qr_caption', p.width - M - q - 10, couponY + q + 1.5, q + 10, 10, t.inside.qrCaption, { size: big ? 9.5 : 7.5, color: c.ink, align: 'center', lineHeight: 1.15 }),
    rect('footer', 0, p.height - footerH, p.width, footerH, c.band),
    text('footer_text', M, p.height - footerH, w, footerH, t.inside.footer, { size: big ? 11 : 8.5, color: c.onBand, align: 'center', valign: 'middle' }),
  );
  return template(p);
}
