import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { PropPanel, Schema } from '@pdfme/common';
import { stubServer } from '../../test/fake-server';
import { testQueryClient } from '../../test/render';
import { designFontLabels, fontNamesOf, loadDesignFonts, useDesignFonts } from './design-fonts';
import { designPlugins } from './design-plugins';

const FILE = { data: btoa('not really a font') };
const CATALOG = [
  { id: 'a', postscript_name: 'Helvetica', is_fallback: false, display_name: 'Helvetica' },
  { id: 'b', postscript_name: 'Lobster-Regular', is_fallback: false, display_name: 'Lobster (headings)' },
  { id: 'c', postscript_name: 'Roboto-Regular', is_fallback: true, display_name: 'Roboto-Regular' },
  { id: 'd', postscript_name: 'NotoSansSC-Regular', is_fallback: false, display_name: 'Noto Sans SC (16 MB)' },
];
const server = () => stubServer({
  'GET /api/fonts': () => CATALOG,
  ...Object.fromEntries(CATALOG.map((f) => [`GET /api/fonts/${f.id}/base64`, () => FILE])),
});
const fileCalls = (calls: ReturnType<typeof server>) => calls.filter((c) => c.path.endsWith('/base64')).map((c) => c.path.split('/')[3]).sort();
const page = (...fontNames: string[]) => ({
  basePdf: { width: 100, height: 100, padding: [0, 0, 0, 0] },
  schemas: [fontNames.map((fontName, i) => ({ name: `t${i}`, type: 'text', fontName }))],
});

describe('designer fonts, loaded on demand (docs/requirements/designer.md#fonts)', () => {
  it('fetches only the fonts the design uses, the fallback and the default element font; the list still names every font', async () => {
    const calls = server();
    const font = await loadDesignFonts(testQueryClient(), CATALOG, fontNamesOf([page('Helvetica'), null]));
    expect(Object.keys(font)).toEqual(['Helvetica', 'Roboto-Regular']);
    expect(font['Roboto-Regular'].fallback).toBe(true);
    expect(fileCalls(calls)).toEqual(['a', 'c']); // not Lobster, not the 16 MB Noto Sans SC

    // The property panel lists every installed font by display name, loaded or not, in the catalog's order.
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
      { label: 'Noto Sans SC (16 MB)', value: 'NotoSansSC-Regular' },
    ]);
  });

  it('loads a font when it is needed (picked), keeping the fonts already loaded, each file once', async () => {
    const calls = server();
    const client = testQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
    const { result } = renderHook(() => useDesignFonts([page('Lobster-Regular')]), { wrapper });
    await waitFor(() => expect(Object.keys(result.current.data ?? {})).toEqual(['Lobster-Regular', 'Roboto-Regular']));
    act(() => result.current.need(['NotoSansSC-Regular', 'Lobster-Regular', 'NoSuchFont']));
    await waitFor(() => expect(Object.keys(result.current.data ?? {})).toEqual(['Lobster-Regular', 'Roboto-Regular', 'NotoSansSC-Regular']));
    expect(fileCalls(calls)).toEqual(['b', 'c', 'd']);
    expect(calls.filter((c) => c.path === '/api/fonts')).toHaveLength(1);
  });
});
