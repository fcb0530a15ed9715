import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TAdminSampleTemplate } from '@mailcraft/shared';
import { aProject } from '../../../test/fixtures';
import { Failure, Reply, stubServer, type Handler } from '../../../test/fake-server';
import { renderWithApp } from '../../../test/render';
import { AdminSampleTemplatesPage } from './sample-templates-page';

const aSample = (over: Partial<TAdminSampleTemplate>): TAdminSampleTemplate => ({
  id: 's-1', name: 'Open house', description: 'An open house invitation', template_type: 'postcard', paper_size: '6x9', sides: 'double', position: 10,
  front_thumbnail: '/api/templates/samples/s-1/thumbnail/front?v=1', back_thumbnail: '/api/templates/samples/s-1/thumbnail/back?v=1',
  published: true, builtin_key: 'open-house', source_project_id: null, created_at: '2026-11-25T12:00:00Z', updated_at: '2026-11-25T12:00:00Z', ...over,
});

function server(routes: Record<string, Handler> = {}) {
  const state = [aSample({}), aSample({ id: 's-2', name: 'Furnace check', published: false, builtin_key: null, position: 20 })];
  return stubServer({
    'GET /api/admin/sample-templates': () => state,
    'GET /api/admin/audit': () => [],
    'GET /api/projects': () => [aProject({ id: 'p-1', name: 'Winter mailer', has_template: true }), aProject({ id: 'p-2', name: 'Empty one', has_template: false })],
    'PATCH /api/admin/sample-templates/s-1': ({ body }) => Object.assign(state[0], body),
    'DELETE /api/admin/sample-templates/s-2': () => {
      state.splice(1, 1);
      return new Reply(204);
    },
    ...routes,
  });
}
const open = () => renderWithApp(<AdminSampleTemplatesPage />, { route: '/admin/sample-templates' });
const rowOf = async (name: string) => (await screen.findByText(name, { selector: 'strong' })).closest('tr')!;

describe('/admin/sample-templates', () => {
  it('lists every sample with its thumbnail, type and size and state; the switch hides a published one', async () => {
    const calls = server();
    open();
    expect(screen.getByRole('heading', { name: 'Sample templates', level: 2 })).toBeInTheDocument();
    const row = await rowOf('Open house');
    expect(within(row).getByRole('img', { name: 'Open house: front' })).toBeInTheDocument();
    expect(within(row).getByText('Postcard · 6x9')).toBeInTheDocument();
    expect(within(row).getByText('Built-in')).toBeInTheDocument();
    expect(within(await rowOf('Furnace check')).getByRole('switch', { name: 'Published: Furnace check' })).not.toBeChecked();
    const toggle = within(row).getByRole('switch', { name: 'Published: Open house' });
    expect(toggle).toBeChecked();
    fireEvent.click(toggle);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH').map((c) => [c.path, c.body])).toEqual([['/api/admin/sample-templates/s-1', { published: false }]]));
    await waitFor(() => expect(within(row).getByRole('switch', { name: 'Published: Open house' })).not.toBeChecked());
  });

  it('deletes a sample after confirming', async () => {
    const calls = server();
    open();
    fireEvent.click(within(await rowOf('Furnace check')).getByRole('button', { name: 'Delete Furnace check' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Furnace check')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/admin/sample-templates/s-2']);
  });

  it('creates a sample from one of your designed projects; a refusal shows the server\'s message and keeps the name', async () => {
    const calls = server({ 'POST /api/admin/sample-templates': () => { throw new Failure(422, 'The project has no design yet'); } });
    open();
    const select = await screen.findByRole('combobox', { name: 'Project' });
    await waitFor(() => expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose one of your projects', 'Winter mailer — Self-mailer 8.5x11']));
    fireEvent.change(select, { target: { value: 'p-1' } });
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Winter mailer');
    fireEvent.click(screen.getByRole('button', { name: 'Create sample template' }));
    expect(await screen.findByText('Could not create the sample template: The project has no design yet')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Winter mailer');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ projectId: 'p-1', name: 'Winter mailer', description: '' });
  });
});
