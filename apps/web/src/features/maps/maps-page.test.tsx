import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { MAP_MESSAGES, MARKER_MESSAGES } from '@mailcraft/shared';
import { renderWithApp } from '../../test/render';
import { markers, maps } from './maplibre-fake';
import { MapsPage } from './maps-page';
import { UNSAVED_NOTICE } from './location-step';
import { aConfig, aLocation, aPreview, Failure, plan, stubMaps, type Call } from './test-helpers';

vi.mock('maplibre-gl', async () => (await import('./maplibre-fake')).fakeMapLibre);
afterEach(() => {
  maps.length = 0;
  markers.length = 0;
});

const PROJECT = '11111111-1111-4111-8111-111111111111';
const LIST = '22222222-2222-4222-8222-222222222222';
const blueGum = aLocation({ id: '33333333-3333-4333-8333-333333333333' });
const withLogo = aLocation({ id: '44444444-4444-4444-8444-444444444444', name: 'Logo Shop', address: '1 Canal St', marker_url: '/api/maps/markers/l.png?v=1' });

function stub(opts: { maps?: boolean; config?: Parameters<typeof aConfig>[0]; routes?: Record<string, (c: Call) => unknown> } = {}) {
  return stubMaps({
    'GET /api/subscriptions/current': () => plan(opts.maps ?? true),
    'GET /api/maps/locations': () => [blueGum, withLogo],
    [`GET /api/maps/config/${PROJECT}`]: () => aConfig({ project_id: PROJECT, ...opts.config }),
    'GET /api/maps/maptiler-config': () => ({ config: { apiKey: null, provider: 'offline', styleUrl: '/api/maps/style/{style}.json', attribution: '© Census' } }),
    [`GET /api/lists/${LIST}`]: () => ({ id: LIST, name: 'us-500.csv', row_count: 500, headers: [], created_at: '', project_id: PROJECT }),
    'GET /api/maps/generations/latest': () => ({ generation: null }),
    'GET /api/maps/route-previews': () => ({ previews: [] }),
    ...opts.routes,
  });
}

const open = (route = `/maps?project=${PROJECT}&listId=${LIST}`) => renderWithApp(
  <Routes>
    <Route path="/maps" element={<MapsPage />} />
    <Route path="/projects" element={<p>Projects page</p>} />
    <Route path="/qr" element={<p>QR page</p>} />
  </Routes>,
  { route },
);
const headers = () => Array.from(document.querySelectorAll('.ant-collapse-header')).map((h) => h.textContent);
const steps = () => screen.getByRole('list', { name: 'Map setup progress' });
const stepState = (n: number) => within(steps()).getAllByRole('listitem')[n - 1].getAttribute('data-state');
const chooseLocation = (name: string) => fireEvent.change(screen.getByRole('combobox', { name: 'Business location' }), {
  target: { value: [blueGum, withLogo].find((l) => l.name === name)!.id },
});

describe('Personalized Maps Configuration', () => {
  it('redirects to /projects without both project and listId', async () => {
    stub();
    open(`/maps?project=${PROJECT}`);
    expect(await screen.findByText('Projects page')).toBeInTheDocument();
  });

  it('shows a spinner while loading, then only Step 1 until a location is chosen', async () => {
    stub();
    open();
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Business location' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Select a location' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Blue Gum Café — 6649 N Blue Gum St' })).toBeInTheDocument();
    expect(headers()).toEqual(['1Business Location']);
    // Map Settings is a step of the chosen location: not done before there is one.
    expect([1, 2, 3, 4].map(stepState)).toEqual(['todo', 'todo', 'todo', 'todo']);

    chooseLocation('Blue Gum Café');
    expect(await screen.findByLabelText('Map Style')).toBeInTheDocument();
    expect(headers()).toEqual(['1Business Location', '2Map Settings', '3Business Display Marker', '4Map Preview & Route Generation']);
    expect(screen.getByLabelText('Latitude')).toHaveValue('29.968700');
    expect(screen.getByText('LA 70116')).toBeInTheDocument();
    expect([1, 2, 3, 4].map(stepState)).toEqual(['done', 'done', 'todo', 'todo']);

    chooseLocation('Logo Shop');
    await waitFor(() => expect(stepState(3)).toBe('done'));
    expect(stepState(4)).toBe('todo');
  });

  it('says on the offline base map that street detail needs a tile source', async () => {
    stub({ config: { business_location_id: blueGum.id, saved: true } });
    open();
    expect(await screen.findByRole('note')).toHaveTextContent('Street detail needs MAP_TILE_URL or MAP_PMTILES_FILE');
    await waitFor(() => expect(markers).toHaveLength(1));
    expect(maps[0].options.zoom).toBeLessThan(12);
  });

  it('preselects the configuration\'s location', async () => {
    stub({ config: { business_location_id: blueGum.id, saved: true } });
    open();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Business location' })).toHaveValue(blueGum.id));
    expect(await screen.findByLabelText('Map Style')).toBeInTheDocument();
  });

  it('marks a moved pin unsaved and saves it with PUT', async () => {
    const calls = stub({ routes: { [`PUT /api/maps/locations/${blueGum.id}`]: (c) => ({ ...blueGum, ...(c.body as object), precision: 'pin' }) } });
    open();
    await screen.findByRole('option', { name: /Blue Gum/ });
    chooseLocation('Blue Gum Café');
    const save = await screen.findByRole('button', { name: 'Save Business Location' });
    expect(save).toBeDisabled();
    await waitFor(() => expect(markers.length).toBeGreaterThan(0));
    act(() => markers.at(-1)!.drag({ lng: -90.05, lat: 29.97 }));
    expect(screen.getByText(UNSAVED_NOTICE)).toBeInTheDocument();
    expect(screen.getByLabelText('Latitude')).toHaveValue('29.970000');
    fireEvent.click(save);
    expect(await screen.findByText(MAP_MESSAGES.locationSaved)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ latitude: 29.97, longitude: -90.05 });
    expect(screen.queryByText(UNSAVED_NOTICE)).toBeNull();
  });

  it('checks a new location like the server, then creates and selects it', async () => {
    const created = aLocation({ id: '55555555-5555-4555-8555-555555555555', name: 'Corner Shop', address: '2 Royal St' });
    const calls = stub({ routes: { 'POST /api/maps/locations': () => created } });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Add New Location' }));
    const form = screen.getByRole('form', { name: 'New business location' });
    fireEvent.change(within(form).getByLabelText('Business name'), { target: { value: 'Corner Shop' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create Location' }));
    expect(await within(form).findByText(MAP_MESSAGES.locationRequired)).toBeInTheDocument();
    expect(within(form).getByLabelText('State')).toHaveAttribute('maxlength', '2');
    for (const [label, value] of [['Address', '2 Royal St'], ['City', 'New Orleans'], ['State', 'la'], ['ZIP', '70116']]) {
      fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    }
    fireEvent.click(within(form).getByRole('button', { name: 'Create Location' }));
    expect(await screen.findByText(MAP_MESSAGES.locationCreated)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ name: 'Corner Shop', address: '2 Royal St', city: 'New Orleans', state: 'LA', zip: '70116' });
    expect(screen.getByRole('combobox', { name: 'Business location' })).toHaveValue(created.id);
  });

  it('saves the configuration, and shows the server\'s words when it refuses', async () => {
    let answer: () => unknown = () => aConfig({ saved: true });
    const calls = stub({ routes: { 'POST /api/maps/config': () => answer() } });
    open();
    await screen.findByRole('option', { name: /Blue Gum/ });
    chooseLocation('Blue Gum Café');
    fireEvent.change(await screen.findByLabelText('Map Style'), { target: { value: 'streets-dark' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Configuration' }));
    expect((await screen.findByText(MAP_MESSAGES.configSaved)).closest('[data-tone]')).toHaveAttribute('data-tone', 'success');
    expect(calls.find((c) => c.path === '/api/maps/config')!.body).toEqual({
      projectId: PROJECT, businessLocationId: blueGum.id, map_style: 'streets-dark', route_color: 'rgba(15,83,254,0.78)', route_width: 12,
      route_transparency: 22, map_width: 600, map_height: 900, orientation: 'vertical', markerConfig: {},
    });
    answer = () => { throw new Failure(402, MAP_MESSAGES.upgrade); };
    fireEvent.click(screen.getByRole('button', { name: 'Save Configuration' }));
    const refused = await screen.findAllByText(MAP_MESSAGES.upgrade);
    expect(refused.some((el) => el.closest('[data-tone="error"]'))).toBe(true);
  });

  it('marks a new marker unsaved and redraws the preview on show with it', async () => {
    const calls = stub({ routes: {
      'GET /api/maps/route-previews': () => ({ previews: [aPreview(1), aPreview(2)] }),
      'POST /api/maps/upload-marker': () => ({ markerUrl: '/api/maps/markers/b.png?v=2', settings: { width: 50, height: 50, logoOffsetX: 0, logoOffsetY: 0 } }),
      'POST /api/maps/generate-single-route': () => ({ route: { mapUrl: '/maps/i/b.png', distance: 100, duration: 60, approximate: false } }),
    } });
    open();
    await screen.findByRole('option', { name: /Blue Gum/ });
    chooseLocation('Blue Gum Café');
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    const file = new File([new Uint8Array(10)], 'logo.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Marker logo (image, under 1 MB)'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload Marker' }));
    expect(await screen.findByText(MARKER_MESSAGES.uploaded)).toBeInTheDocument();
    expect(screen.getByText(UNSAVED_NOTICE)).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.path === '/api/maps/generate-single-route')).toBe(true));
    expect(calls.find((c) => c.path === '/api/maps/generate-single-route')!.body).toMatchObject({
      entryId: aPreview(2).id, markerSettings: { width: 50, height: 50 },
    });
  });

  it('asks for a location before saving the configuration', async () => {
    stub();
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Save Configuration' }));
    expect(await screen.findByText(MAP_MESSAGES.selectLocation)).toBeInTheDocument();
  });

  it('lets a plan without maps explore, with save buttons greyed out', async () => {
    stub({ maps: false });
    open();
    expect(await screen.findByText(MAP_MESSAGES.upgrade)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing?feature=maps');
    expect(screen.getByRole('button', { name: 'Save Configuration' })).toBeDisabled();
  });

  it('says when the locations cannot be fetched', async () => {
    stub({ routes: { 'GET /api/maps/locations': () => { throw new Failure(500, 'Database down'); } } });
    open();
    expect(await screen.findByText(MAP_MESSAGES.fetchLocationsFailed)).toBeInTheDocument();
    expect(screen.getByText('Database down')).toBeInTheDocument();
  });

  it('goes back to the QR step with project and list', async () => {
    stub();
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Back to QR Codes' }));
    expect(await screen.findByText('QR page')).toBeInTheDocument();
  });
});
