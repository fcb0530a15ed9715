import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SAMPLE_TEMPLATE_MESSAGES, type TSampleTemplate } from '@mailcraft/shared';
import { aProject } from '../../test/fixtures';
import { Failure, Reply, stubServer, type Handler } from '../../test/fake-server';
import { renderWithApp } from '../../test/render';
import { SampleTemplatesPage } from './sample-templates-page';

const aSample = (over: Partial<TSampleTemplate>): TSampleTemplate => ({
  id: 's-1', name: 'Open house', description: 'An open house invitation', template_type: 'postcard', paper_size: '6x9', sides: 'double', position: 10,
  front_thumbnail: '/api/templates/samples/s-1/thumbnail/front?v=1', back_thumbnail: '/api/templates/samples/s-1/thumbnail/back?v=1', ...over,
});
const SAMPLES = [
  aSample({}),
  aSample({ id: 's-2', name: 'Grand opening', position: 20 }),
  aSample({ id: 's-3', name: 'HVAC tune-up', template_type: 'self_mailer', paper_size: '8.5x11', position: 30 }),
];
const PROJECTS = [
  aProject({ id: 'p-letter', name: 'Letter project', template_type: 'self_mailer', paper_size: '8.5x11' }),
  aProject({ id: 'p-card', name: 'Spring postcard', template_type: 'postcard', paper_size: '6x9', has_template: true }),
];

function server(routes: Record<string, Handler> = {}) {
  return stubServer({
    'GET /api/templates/samples': ({ url }) => SAMPLES.filter((s) =>
      (!url.searchParams.get('type') || s.template_type === url.searchParams.get('type')) && (!url.searchParams.get('size') || s.paper_size === url.searchParams.get('size'))),
    'GET /api/projects': () => PROJECTS,
    'POST /api/templates/samples/s-1/apply': ({ body }) => ({ project_id: (body as { projectId: string }).projectId }),
    ...routes,
  });
}

function Editor() {
  return <p>Editor of {useParams().projectId}</p>;
}
const open = () => renderWithApp(
  <Routes>
    <Route path="/templates" element={<SampleTemplatesPage />} />
    <Route path="/projects/:projectId/editor" element={<Editor />} />
  </Routes>,
  { route: '/templates' },
);
const cardNames = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
const useTemplate = async (name: string) => {
  fireEvent.click(await screen.findByRole('button', { name: `Use this template: ${name}` }));
  return screen.findByRole('dialog');
};

describe('/templates', () => {
  it('shows the samples with both thumbnails, type and size, and filters by type and size', async () => {
    const calls = server();
    open();
    expect(await screen.findByText('HVAC tune-up')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Open house', 'Grand opening', 'HVAC tune-up']);
    expect(screen.getByRole('img', { name: 'Open house: front (address side)' })).toHaveAttribute('src', SAMPLES[0].front_thumbnail);
    expect(screen.getByRole('img', { name: 'Open house: back (inside)' })).toHaveAttribute('src', SAMPLES[0].back_thumbnail);
    expect(screen.getByText('Self-mailer · 8.5x11')).toBeInTheDocument();

    fireEvent.change(screen.getByRole('combobox', { name: 'Type' }), { target: { value: 'postcard' } });
    await waitFor(() => expect(cardNames()).toEqual(['Open house', 'Grand opening']));
    expect(calls.at(-1)!.url.search).toBe('?type=postcard');

    fireEvent.change(screen.getByRole('combobox', { name: 'Size' }), { target: { value: '8.5x11' } });
    expect(await screen.findByText('No templates match these filters.')).toBeInTheDocument();
    expect(calls.at(-1)!.url.search).toBe('?type=postcard&size=8.5x11');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('HVAC tune-up')).toBeInTheDocument();
  });

  it('shows the server\'s message when the gallery fails to load', async () => {
    server({ 'GET /api/templates/samples': () => { throw new Failure(500, 'Database unavailable'); } });
    open();
    expect(await screen.findByText('Failed to load templates: Database unavailable')).toBeInTheDocument();
  });

  it('Use this template: offers only projects of the same type and size, warns that a design is replaced, applies and opens the Designer', async () => {
    const calls = server();
    open();
    const dialog = await useTemplate('Open house');
    const select = await within(dialog).findByRole('combobox', { name: 'Project' });
    await waitFor(() => expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a project', 'Spring postcard (has a design)']));
    fireEvent.change(select, { target: { value: 'p-card' } });
    expect(within(dialog).getByText(SAMPLE_TEMPLATE_MESSAGES.replaceWarning)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use this template' }));
    expect(await screen.findByText('Editor of p-card')).toBeInTheDocument();
    const applied = calls.filter((c) => c.method === 'POST');
    expect(applied.map((c) => [c.path, c.body])).toEqual([['/api/templates/samples/s-1/apply', { projectId: 'p-card' }]]);
  });

  it('Use this template with a new project: creates it with the sample\'s type, size and sides, then applies and opens it', async () => {
    const created = aProject({ id: 'p-new', name: 'My open house', template_type: 'postcard', paper_size: '6x9', sides: 'double' });
    const calls = server({
      'GET /api/projects': () => [PROJECTS[0]],
      'POST /api/projects': () => new Reply(201, created),
      'POST /api/templates/project/p-new/design': () => ({}),
    });
    open();
    const dialog = await useTemplate('Open house');
    expect(await within(dialog).findByText('You have no postcard 6x9 project yet: create a new one.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Create a new project' }));
    const name = within(dialog).getByRole('textbox', { name: 'New project name' });
    expect(name).toHaveValue('Open house');
    fireEvent.change(name, { target: { value: 'My open house' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use this template' }));
    expect(await screen.findByText('Editor of p-new')).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.path)).toEqual(['/api/projects', '/api/templates/project/p-new/design', '/api/templates/samples/s-1/apply']);
    expect(posts[0].body).toMatchObject({ name: 'My open house', template_type: 'postcard', paper_size: '6x9', sides: 'double' });
    expect(posts[2].body).toEqual({ projectId: 'p-new' });
  });

  it('a refused apply shows the server\'s message and keeps the dialog open', async () => {
    server({ 'POST /api/templates/samples/s-1/apply': () => { throw new Failure(409, 'This template is 6x9; your project is 8.5x11.'); } });
    open();
    const dialog = await useTemplate('Open house');
    fireEvent.change(await within(dialog).findByRole('combobox', { name: 'Project' }), { target: { value: 'p-card' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use this template' }));
    expect(await within(dialog).findByText('Could not use the template: This template is 6x9; your project is 8.5x11.')).toBeInTheDocument();
    expect(screen.queryByText(/Editor of/)).not.toBeInTheDocument();
  });
});
