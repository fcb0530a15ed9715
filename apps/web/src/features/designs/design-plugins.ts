import type { Plugin, Plugins } from '@pdfme/common';
import { ellipse, image, line, multiVariableText, rectangle, svg, text } from '@pdfme/schemas';
import { DEFAULT_ELEMENT_FONT, DEFAULT_ELEMENT_FONT_SIZE } from '@mailcraft/shared';
import { imbPlugin, indiciaPlugin, qrVectorPlugin } from '@mailcraft/shared/designs';

/**
 * A text-like plugin whose new elements start in Roboto-Regular 24 pt (spec 000 §9 "Default new
 * design element"). pdfme takes the defaults of a new element from `propPanel.defaultSchema`;
 * the box is widened and heightened so the default sample fits one line at 24 pt.
 */
function withElementDefaults<T extends Plugin>(plugin: T, box: { width: number; height: number }): T {
  return {
    ...plugin,
    propPanel: {
      ...plugin.propPanel,
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
 * (apps/server/src/modules/print/render-chunk.ts), so what is designed can be printed.
 * QR codes are our vector `qrVector`, not pdfme's rasterised barcode (DESIGN.md).
 */
export const designPlugins: Plugins = {
  Text: withElementDefaults(text as Plugin, { width: 90, height: 12 }),
  'Merge text': withElementDefaults(multiVariableText as unknown as Plugin, { width: 90, height: 24 }),
  Image: image as unknown as Plugin,
  SVG: svg as unknown as Plugin,
  Line: line as unknown as Plugin,
  Rectangle: rectangle as unknown as Plugin,
  Ellipse: ellipse as unknown as Plugin,
  'QR code': asPlugin(qrVectorPlugin),
  'Permit indicia': asPlugin(indiciaPlugin),
  'IMb barcode': asPlugin(imbPlugin),
};
