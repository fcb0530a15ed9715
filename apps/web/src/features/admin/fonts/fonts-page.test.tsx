import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FONT_MESSAGES, type TAdminFont } from '@mailcraft/shared';
import { renderWithApp } from '../../../test/render';
import { Failure, Reply, stubServer } from '../../../test/fake-server';
import { AdminFontsPage } from './fonts-page';

const aFont = (over: Partial<TAdminFont>): TAdminFont => ({
  id: 'font-1', postscript_name: 'Lobster-Regular', display_name: 'Lobster', is_fallback: false, family: 'Lobster', subfamily: 'Regular',
  glyph_count: 500, size_bytes: 200_000, builtin: false, used_by: 0, uploaded_by: 'admin@example.com', created_at: '2026-11-25T12:00:00Z', ...over,
});
const FONTS: TAdminFont[] = [
  aFont({ id: 'font-h', postscript_name: 'Helvetica', display_name: 'Helvetica', family: null, subfamily: null, glyph_count: null, size_bytes: null, builtin: true, used_by: 4, uploaded_by: null }),
  aFont({ id: 'font-1', used_by: 2 }),
  aFont({ id: 'font-2', postscript_name: 'Pacifico-Regular', display_name: 'Pacifico', family: 'Pacifico' }),
  aFont({ id: 'font-r', postscript_name: 'Roboto-Regular', display_name: 'Roboto-Regular', is_fallback: true, builtin: true }),
];

function fontsServer(upload: () => unknown = () => new Reply(201, aFont({ id: 'font-3' }))) {
  const state = FONTS.map((f) => ({ ...f }));
  return stubServer({
    'GET /api/admin/fonts': () => state,
    'GET /api/admin/audit': () => [],
    'POST /api/admin/fonts': upload,
    'DELETE /api/admin/fonts/font-2': () => {
      state.splice(state.findIndex((f) => f.id === 'font-2'), 1);
      return new Reply(204);
    },
  });
}

const open = () => renderWithApp(<AdminFontsPage />, { route: '/admin/fonts' });
const rowOf = async (postscriptName: string) => (await screen.findByText(postscriptName, { selector: 'code' })).closest('tr')!;

describe('/admin/fonts', () => {
  it('lists fonts with their details, tags and usage', async () => {
    fontsServer();
    open();
    expect(screen.getByRole('heading', { name: 'Fonts', level: 2 })).toBeInTheDocument();
    const lobster = await rowOf('Lobster-Regular');
    expect(within(lobster).getByText('Lobster · Regular')).toBeInTheDocument();
    expect(within(lobster).getByText('2 designs')).toBeInTheDocument();
    expect(within(lobster).getByText('195 KB')).toBeInTheDocument();
    const roboto = await rowOf('Roboto-Regular');
    expect(within(roboto).getByText('Fallback')).toBeInTheDocument();
    expect(within(roboto).getByText('Built-in')).toBeInTheDocument();
    expect(within(roboto).queryByRole('button', { name: /the fallback/ })).not.toBeInTheDocument();
  });

  it('shows the server\'s refusal of an upload and keeps the chosen file and name', async () => {
    const calls = fontsServer(() => { throw new Failure(400, FONT_MESSAGES.notFont); });
    open();
    const file = new File([new Uint8Array([1, 2, 3])], 'notes.ttf', { type: 'font/ttf' });
    await userEvent.upload(screen.getByLabelText('Font file (.ttf, .otf)'), file);
    await userEvent.type(screen.getByLabelText('Name in the designer (optional)'), 'My font');
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(`Upload failed: ${FONT_MESSAGES.notFont}`)).toBeInTheDocument();
    expect(screen.getByLabelText('Name in the designer (optional)')).toHaveValue('My font');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
    const sent = calls.find((c) => c.method === 'POST')!.form!;
    expect((sent.get('file') as File).name).toBe('notes.ttf');
    expect(sent.get('name')).toBe('My font');
  });

  it('disables Delete with the reason for fonts in use, built-in and fallback fonts; deletes an unused one after confirming', async () => {
    const calls = fontsServer();
    open();
    const used = await rowOf('Lobster-Regular');
    expect(within(used).getByRole('button', { name: 'Delete Lobster-Regular' })).toBeDisabled();
    expect(within(used).getByText('Used by 2 designs')).toBeInTheDocument();
    expect(within(await rowOf('Helvetica')).getByRole('button', { name: 'Delete Helvetica' })).toBeDisabled();
    expect(within(await rowOf('Roboto-Regular')).getByText('Built-in fonts cannot be deleted')).toBeInTheDocument();

    const unused = await rowOf('Pacifico-Regular');
    fireEvent.click(within(unused).getByRole('button', { name: 'Delete Pacifico-Regular' }));
    const tip = (await screen.findByText('Delete the font Pacifico?')).closest<HTMLElement>('.ant-popover')!;
    fireEvent.click(within(tip).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Pacifico-Regular', { selector: 'code' })).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/admin/fonts/font-2']);
  });
});
