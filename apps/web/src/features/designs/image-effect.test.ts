import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Plugin, Schema, UIRenderProps } from '@pdfme/common';
import { image } from '@pdfme/schemas';
import type { TEffect } from '@mailcraft/shared';
import { withImageEffect } from './image-effect';

const plugin = withImageEffect(image as unknown as Plugin);
const PROCESSED = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 9, 9]);
const processedUrl = `data:image/png;base64,${btoa(String.fromCharCode(...PROCESSED))}`;
const picture = (n: number) => `data:image/png;base64,${btoa(`picture-${n}`)}`;

/** `fetch` answering the preview route with PROCESSED (or `status`); returns the preview calls. */
function previewServer(status = 200) {
  const calls: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({ url, body: JSON.parse(String(init.body)) });
    return status === 200
      ? new Response(PROCESSED, { headers: { 'content-type': 'image/png' } })
      : new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Effect not found' } }), { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}

/** Renders the element's canvas box as the Designer does and returns its root element. */
async function renderBox(schema: Partial<Schema>, value: string): Promise<HTMLDivElement> {
  const rootElement = document.createElement('div');
  await plugin.ui({
    schema: { name: 'photo', type: 'image', position: { x: 0, y: 0 }, width: 40, height: 30, content: value, ...schema } as Schema,
    value, rootElement, mode: 'viewer', options: {}, theme: {} as never, i18n: (k: string) => k, scale: 1, _cache: new Map(),
    basePdf: { width: 100, height: 100, padding: [0, 0, 0, 0] },
  } as UIRenderProps<Schema>);
  return rootElement;
}

describe('the image element\'s Effect', () => {
  it('offers None and the named effects in the property panel, and says when the chosen one was deleted', () => {
    const effects = [{ id: 'fx-1', name: 'Vintage' }, { id: 'fx-2', name: 'Ocean' }] as TEffect[];
    const panel = (effect: string) => (plugin.propPanel.schema as (p: unknown) => Record<string, { props: { options: unknown } }>)({
      options: { effects }, activeSchema: { effect }, i18n: (k: string) => k,
    });
    expect(panel('').effect.props.options).toEqual([{ label: 'None', value: '' }, { label: 'Vintage', value: 'fx-1' }, { label: 'Ocean', value: 'fx-2' }]);
    expect(panel('fx-9').effect.props.options).toContainEqual({ label: 'Deleted effect (prints without one)', value: 'fx-9' });
  });

  it('shows the image the server processed, asking once per image and effect, and keeps the original on the element', async () => {
    const calls = previewServer();
    const original = picture(1);
    const box = await renderBox({ effect: 'fx-1' }, original);
    expect(calls).toEqual([{ url: '/api/effects/fx-1/preview', body: { image: original } }]);
    await waitFor(() => expect(box.querySelector('img')?.getAttribute('src')).toBe(processedUrl));
    await renderBox({ effect: 'fx-1' }, original);
    expect(calls).toHaveLength(1);
    await renderBox({ effect: 'fx-2' }, original);
    expect(calls.map((c) => c.url)).toEqual(['/api/effects/fx-1/preview', '/api/effects/fx-2/preview']);
  });

  it('shows the original without an effect, and when the effect was deleted (404), as print does', async () => {
    const calls = previewServer(404);
    const plain = await renderBox({}, picture(2));
    expect(plain.querySelector('img')?.getAttribute('src')).toBe(picture(2));
    expect(calls).toHaveLength(0);
    const gone = await renderBox({ effect: 'fx-gone' }, picture(3));
    expect(calls).toHaveLength(1);
    expect(gone.querySelector('img')?.getAttribute('src')).toBe(picture(3));
  });

  it('draws the processed image into browser-rendered PDFs (thumbnails)', async () => {
    previewServer();
    const inner = vi.fn();
    const wrapped = withImageEffect({ ...(image as unknown as Plugin), pdf: inner });
    await wrapped.pdf({ value: picture(4), schema: { effect: 'fx-1' } } as never);
    expect(inner.mock.calls[0][0].value).toBe(processedUrl);
  });
});
