import { getFallbackFontName, type PDFRenderProps, type Plugins, type Schema } from '@pdfme/common';
import { multiVariableText, text } from '@pdfme/schemas';
import { fontRuns, type FontRun } from '../../fonts/font-coverage.js';

type Plugin = Plugins[string];
type RenderArg = PDFRenderProps<Schema>;

/** pdfme's inline-markdown escapes (its MARKDOWN_ESCAPE_PATTERN). */
const escapeMarkdown = (s: string) => s.replace(/[\\*~`[\]()]/g, '\\$&');
const VARIANT_MARKS = ['', '**', '*', '***'] as const;

/**
 * Draws runs of up to four fonts in one text box through pdfme's own inline-markdown renderer,
 * which lays out runs of different fonts (wrapping, alignment, dynamic size) as one text: the
 * first font is the element's, the next three ride on its `fontVariants` slots bold, italic and
 * boldItalic (`fontVariantFallback: 'plain'`, so nothing is emboldened or slanted). Runs of a
 * fifth font or more keep the first font (vanishingly rare: five scripts in one field).
 */
function drawRuns(arg: RenderArg, runs: FontRun[]): Promise<void> | void {
  const fonts = [...new Set(runs.map((r) => r.fontName))].slice(0, 4);
  const value = runs.map((r) => {
    const mark = VARIANT_MARKS[Math.max(0, fonts.indexOf(r.fontName))];
    return `${mark}${escapeMarkdown(r.text)}${mark}`;
  }).join('');
  const schema = {
    ...arg.schema, type: 'text', readOnly: true, textFormat: 'inline-markdown', fontName: fonts[0],
    fontVariants: { bold: fonts[1], italic: fonts[2], boldItalic: fonts[3] }, fontVariantFallback: 'plain',
  } as Schema;
  return (text as unknown as Plugin).pdf({ ...arg, schema, value });
}

/**
 * Wraps a pdfme text plugin so every character of its value prints (docs/requirements/designer.md#fallback-fonts): when the
 * element's font lacks characters, the text is split into font runs (`fontRuns`: the element font
 * where it has the glyph, else another loaded font or fallback), and drawn in the one font that
 * has them all, or as runs (`drawRuns`). Text the element font covers renders exactly as before.
 * `shown(arg)` is the text the element prints, or null to leave the call to the plugin as is.
 * Elements already in inline-markdown keep the user's markup: they switch font as a whole.
 */
function withFontFallback(plugin: Plugin, shown: (arg: RenderArg) => string | null): Plugin {
  return {
    ...plugin,
    pdf: (arg: RenderArg) => {
      const font = arg.options.font;
      const value = font ? shown(arg) : null;
      if (!font || !value) return plugin.pdf(arg);
      const named = typeof arg.schema.fontName === 'string' ? arg.schema.fontName : '';
      const elementFont = named && font[named] ? named : getFallbackFontName(font);
      const runs = fontRuns(value, elementFont, font);
      if (runs.length === 1 && runs[0].fontName === elementFont) return plugin.pdf(arg);
      if (runs.length === 1 || arg.schema.textFormat === 'inline-markdown') {
        const widest = runs.reduce((a, b) => (b.text.length > a.text.length ? b : a));
        return plugin.pdf({ ...arg, schema: { ...arg.schema, fontName: widest.fontName } });
      }
      return drawRuns(arg, runs);
    },
  };
}

/** A multiVariableText's printed text, as pdfme's mvt renderer computes it; null when it prints nothing. */
function mvtText(arg: RenderArg): string | null {
  const { schema, value } = arg;
  const variables = Array.isArray(schema.variables) ? (schema.variables as string[]) : [];
  const template = String(schema.text ?? '');
  if (schema.readOnly) return variables.length > 0 ? value : template;
  let values: Record<string, unknown>;
  try {
    values = value ? JSON.parse(value) as Record<string, unknown> : {};
  } catch {
    return null; // pdfme reports the bad JSON itself
  }
  if (variables.some((v) => values[v] === null || values[v] === undefined)) return null;
  let out = template;
  for (const [name, v] of Object.entries(values)) out = out.split(`{${name}}`).join(String(v));
  return out.replace(/{[^{}]+}/g, '');
}

/** pdfme's `text` and `multiVariableText` with per-character font fallback. */
export const fallbackTextPlugins = {
  text: withFontFallback(text as unknown as Plugin, (arg) => arg.value),
  multiVariableText: withFontFallback(multiVariableText as unknown as Plugin, mvtText),
};
