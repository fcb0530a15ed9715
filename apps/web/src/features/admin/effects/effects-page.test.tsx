import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EFFECT_MESSAGES, type TEffect } from '@mailcraft/shared';
import { renderWithApp } from '../../../test/render';
import { Failure, Reply, stubServer, type Call, type Handler } from '../../../test/fake-server';
import { AdminEffectsPage } from './effects-page';

const anEffect = (over: Partial<TEffect>): TEffect => ({
  id: 'fx-1', name: 'Vintage', kind: 'sepia', params: { strength: 0.8 }, created_at: '2026-11-25T12:00:00Z', updated_at: '2026-11-25T12:00:00Z', ...over,
});
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);

/**
 * The fake server of the page, with the preview route answering PNG bytes (the JSON fake server
 * answers JSON only). Returns the calls, preview calls included.
 */
function effectsServer(routes: Record<string, Handler> = {}) {
  const state = [anEffect({}), anEffect({ id: 'fx-2', name: 'Ocean', kind: 'duotone', params: { dark: '#001122', light: '#aaccee' } })];
  const calls = stubServer({
    'GET /api/admin/effects': () => state,
    'GET /api/effects': () => state,
    'GET /api/admin/audit': () => [],
    'POST /api/admin/effects': () => new Reply(201, anEffect({ id: 'fx-3' })),
    'DELETE /api/admin/effects/fx-2': () => {
      state.splice(1, 1);
      return new Reply(204);
    },
    ...routes,
  });
  const json = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    if (!input.endsWith('/api/admin/effects/preview')) return json(input, init);
    calls.push({ method: 'POST', path: '/api/admin/effects/preview', url: new URL(input, 'http://localhost'), body: JSON.parse(String(init.body)), form: null });
    return new Response(PNG_BYTES, { headers: { 'content-type': 'image/png' } });
  });
  return calls;
}

const previews = (calls: Call[]) => calls.filter((c) => c.path === '/api/admin/effects/preview').map((c) => (c.body as { effect: unknown }).effect);
const open = () => renderWithApp(<AdminEffectsPage />, { route: '/admin/effects' });

describe('/admin/effects', () => {
  it('lists the effects with their kind and settings', async () => {
    effectsServer();
    open();
    expect(screen.getByRole('heading', { name: 'Effects', level: 2 })).toBeInTheDocument();
    const row = (await screen.findByText('Ocean')).closest('tr')!;
    expect(within(row).getByText('Duotone')).toBeInTheDocument();
    expect(within(row).getByText('dark #001122 · light #aaccee')).toBeInTheDocument();
  });

  it('previews the unsaved settings through the server and creates the effect', async () => {
    const calls = effectsServer();
    open();
    // The form starts as grayscale; the preview shows the server's PNG for it.
    const shown = await screen.findByRole('img', { name: 'With the effect' });
    expect(shown.getAttribute('src')).toBe(`data:image/png;base64,${btoa(String.fromCharCode(...PNG_BYTES))}`);
    expect(previews(calls)).toEqual([{ kind: 'grayscale', params: {} }]);
    const firstImage = (calls.find((c) => c.path === '/api/admin/effects/preview')!.body as { image: string }).image;
    expect(firstImage).toMatch(/^data:image\/jpeg;base64,/);

    await userEvent.type(screen.getByLabelText('Effect name'), 'Blurry');
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'blur' } });
    fireEvent.change(screen.getByLabelText('Blur radius'), { target: { value: '4.5' } });
    await waitFor(() => expect(previews(calls).at(-1)).toEqual({ kind: 'blur', params: { sigma: 4.5 } }));

    fireEvent.click(screen.getByRole('button', { name: 'Create effect' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/admin/effects')).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/admin/effects')!.body).toEqual({ name: 'Blurry', kind: 'blur', params: { sigma: 4.5 } });
    await waitFor(() => expect(screen.getByLabelText('Effect name')).toHaveValue(''));
  });

  it('shows the server\'s refusal and keeps the edits', async () => {
    effectsServer({ 'POST /api/admin/effects': () => { throw new Failure(409, EFFECT_MESSAGES.duplicateName); } });
    open();
    await userEvent.type(screen.getByLabelText('Effect name'), 'Vintage');
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'duotone' } });
    fireEvent.change(screen.getByLabelText('Dark tones'), { target: { value: '#112233' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create effect' }));
    expect(await screen.findByText(`Save failed: ${EFFECT_MESSAGES.duplicateName}`)).toBeInTheDocument();
    expect(screen.getByLabelText('Effect name')).toHaveValue('Vintage');
    expect(screen.getByLabelText('Dark tones')).toHaveValue('#112233');
  });

  it('edits an effect with a PATCH of its settings and deletes one after confirming', async () => {
    const calls = effectsServer({ 'PATCH /api/admin/effects/fx-1': (c) => anEffect(c.body as Partial<TEffect>) });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Vintage' }));
    expect(screen.getByLabelText('Effect name')).toHaveValue('Vintage');
    fireEvent.change(screen.getByLabelText('Strength'), { target: { value: '0.4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ name: 'Vintage', kind: 'sepia', params: { strength: 0.4 } }));

    fireEvent.click(screen.getByRole('button', { name: 'Delete Ocean' }));
    const tip = (await screen.findByText('Delete the effect Ocean?')).closest<HTMLElement>('.ant-popover')!;
    fireEvent.click(within(tip).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Ocean')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/admin/effects/fx-2']);
  });
});
