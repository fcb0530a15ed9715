import type { Plugin, Plugins, PropPanel, Schema } from '@pdfme/common';
import { ellipse, image, line, multiVariableText, rectangle, svg, text } from '@pdfme/schemas';
import { DEFAULT_ELEMENT_FONT, DEFAULT_ELEMENT_FONT_SIZE } from '@mailcraft/shared';
import { imbPlugin, indiciaPlugin, qrVectorPlugin } from '@mailcraft/shared/designs';
import { withImageEffect } from './image-effect';

type FontSelect = { props?: { options?: Array<{ label: string; value: string }> } };

/**
 * The property panel of a text element with its font list labelled by display name (docs/requirements/administration.md#administration):
 * the Designer's `options.fontLabels` (from `designFontLabels`) maps PostScript names, which stay
 * the stored values, to the names administrators gave the fonts. It names every installed font,
 * while pdfme lists only the loaded ones (fonts load on demand, `useDesignFonts`): the list shows
 * them all, in the catalog's order; one not loaded yet loads when picked.
 */
function withFontLabels(schema: PropPanel<Schema>['schema']): PropPanel<Schema>['schema'] {
  if (typeof schema !== 'function') return schema;
  return (props) => {
    const out = schema(props);
    const names = (props.options as { fontLabels?: Record<string, string> }).fontLabels;
    const select = out.fontName as FontSelect | undefined;
    if (names && select?.props?.options) {
      const loaded = select.props.options.map((o) => o.value);
      const values = [...Object.keys(names), ...loaded.filter((v) => !(v in names))];
      select.props.options = values.map((value) => ({ value, label: names[value] ?? value }));
    }
    return out;
  };
}

/**
 * A text-like plugin whose new elements start in Roboto-Regular 24 pt (docs/requirements/designer.md#limits "Default new
 * design element"). pdfme takes the defaults of a new element from `propPanel.defaultSchema`;
 * the box is widened and heightened so the default sample fits one line at 24 pt; fonts are listed by display name.
 */
function withElementDefaults<T extends Plugin>(plugin: T, box: { width: number; height: number }): T {
  return {
    ...plugin,
    propPanel: {
      ...plugin.propPanel,
      schema: withFontLabels(plugin.propPanel.schema),
      defaultSchema: {
        ...plugin.propPanel.defaultSchema,
        ...box,
        fontName: DEFAULT_ELEMENT_FONT,
        fontSize: DEFAULT_ELEMENT_FONT_SIZE,
      },
    },
  };
}

// Our plugins are typed with their own schema; pdfme's registry takes the base Schema type.
const asPlugin = (p: unknown) => p as Plugin;

/**
 * The element types of the Designer, keyed by the label its toolbar shows. The same set renders
 * the browser thumbnails, and every type here is one the server's print renderer registers
 * (apps/server/src/modules/print/render/render-chunk.ts), so what is designed can be printed.
 * QR codes are our vector `qrVector`, not pdfme's rasterised barcode (docs/decisions/README.md#records). Images have an
 * 'Effect' choice drawn by the server as print draws it (docs/requirements/administration.md#administration, `withImageEffect`).
 */
export const designPlugins: Plugins = {
  Text: withElementDefaults(text as Plugin, { width: 90, height: 12 }),
  'Merge text': withElementDefaults(multiVariableText as unknown as Plugin, { width: 90, height: 24 }),
  Image: withImageEffect(image as unknown as Plugin),
  SVG: svg as unknown as Plugin,
  Line: line as unknown as Plugin,
  Rectangle: rectangle as unknown as Plugin,
  Ellipse: ellipse as unknown as Plugin,
  'QR code': asPlugin(qrVectorPlugin),
  'Permit indicia': asPlugin(indiciaPlugin),
  'IMb barcode': asPlugin(imbPlugin),
};
