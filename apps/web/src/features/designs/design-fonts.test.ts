import { describe, expect, it } from 'vitest';
import type { PropPanel, Schema } from '@pdfme/common';
import { stubServer } from '../../test/fake-server';
import { designFontLabels, fetchDesignFonts } from './design-fonts';
import { designPlugins } from './design-plugins';

const FILE = { data: btoa('not really a font') };

describe('designer fonts (issue 11)', () => {
  it('lists uploaded fonts by their display name; designs keep the PostScript name', async () => {
    stubServer({
      'GET /api/fonts': () => [
        { id: 'a', postscript_name: 'Helvetica', is_fallback: false, display_name: 'Helvetica' },
        { id: 'b', postscript_name: 'Lobster-Regular', is_fallback: false, display_name: 'Lobster (headings)' },
        { id: 'c', postscript_name: 'Roboto-Regular', is_fallback: true, display_name: 'Roboto-Regular' },
      ],
      'GET /api/fonts/a/base64': () => FILE,
      'GET /api/fonts/b/base64': () => FILE,
      'GET /api/fonts/c/base64': () => FILE,
    });
    const font = await fetchDesignFonts();
    expect(Object.keys(font)).toEqual(['Helvetica', 'Lobster-Regular', 'Roboto-Regular']);
    expect(font['Roboto-Regular'].fallback).toBe(true);

    const schema = designPlugins.Text.propPanel.schema as Exclude<PropPanel<Schema>['schema'], Record<string, unknown>>;
    const panel = schema({
      options: { font, fontLabels: designFontLabels(font) }, activeSchema: { type: 'text', fontName: 'Helvetica' } as unknown as Schema,
      i18n: (key: string) => key, basePdf: { width: 100, height: 100, padding: [0, 0, 0, 0] },
    } as unknown as Parameters<typeof schema>[0]);
    const options = (panel.fontName as { props: { options: Array<{ label: string; value: string }> } }).props.options;
    expect(options).toEqual([
      { label: 'Helvetica', value: 'Helvetica' },
      { label: 'Lobster (headings)', value: 'Lobster-Regular' },
      { label: 'Roboto-Regular', value: 'Roboto-Regular' },
    ]);
  });
});
