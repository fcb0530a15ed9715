import sanitizeHtml from 'sanitize-html';

/** Inline styles an author may keep: text and box formatting only (no url(), no positioning). */
const STYLE_VALUE = /^[#\w\s.,%()'"-]+$/;
const ALLOWED_STYLES = Object.fromEntries(
  ['color', 'background-color', 'font-size', 'font-weight', 'font-style', 'font-family', 'text-align', 'text-decoration',
    'line-height', 'margin', 'padding', 'border', 'width', 'max-width', 'height']
    .map((property) => [property, [STYLE_VALUE]]),
);

/**
 * What an authored notification email may contain (sanitize-html options): text formatting,
 * lists, tables, headings, links (http, https, mailto, tel) and images (http, https). Scripts,
 * styles, frames, forms, SVG and every other tag are dropped — script and style with their content
 * — as are event-handler attributes (onclick, onerror …) and links to javascript:, data: or any
 * other scheme, however they are cased or encoded. Inline styles keep the properties above only.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'a', 'b', 'strong', 'i', 'em', 'u', 's', 'small', 'sub', 'sup', 'br', 'p', 'div', 'span', 'blockquote', 'pre', 'code', 'hr',
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan', 'align'],
    th: ['colspan', 'rowspan', 'align'],
    '*': ['style'],
  },
  allowedStyles: { '*': ALLOWED_STYLES },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

/**
 * `html` (an email body an account holder authored, with their values already escaped) reduced to
 * markup that cannot run code or send the reader to a script: see OPTIONS. The answer is HTML.
 */
export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
