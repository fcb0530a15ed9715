import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROUTE_MESSAGES } from '@mailcraft/shared';
import { renderWithApp } from '../../test/render';
import { settingsFromConfig, withOrientation } from './map-draft';
import { distanceText, durationText, RoutePreviews } from './route-previews';
import { aGeneration, aPreview, Failure, Reply, stubMaps, type Call } from './test-helpers';
import { useRouteGeneration } from './use-route-generation';

const PROJECT = '11111111-1111-4111-8111-111111111111';
const LIST = '22222222-2222-4222-8222-222222222222';
const LOCATION = '33333333-3333-4333-8333-333333333333';
const settings = { ...withOrientation(settingsFromConfig(null), 'horizontal'), map_style: 'streets-dark' };

function Harness() {
  const routes = useRouteGeneration({ projectId: PROJECT, listId: LIST, locationId: LOCATION, settings, marker: { logoSize: 40 } });
  return <RoutePreviews routes={routes} settings={settings} />;
}
function setup(routes: Record<string, (c: Call) => unknown>) {
  const calls = stubMaps({ 'GET /api/maps/generations/latest': () => ({ generation: null }), ...routes });
  renderWithApp(<Harness />);
  return calls;
}
const three = [aPreview(1), aPreview(2, { distance: 1609.34, duration: 59 }), aPreview(3)];

describe('Step 4, route previews', () => {
  it('pages through the previews, wrapping round both ways', async () => {
    setup({ 'GET /api/maps/route-previews': () => ({ previews: three }) });
    expect(await screen.findByText('Preview 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('1 Main St, New Orleans, LA 70116')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('Preview 3 of 3')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Preview 1 of 3')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Preview 2 of 3')).toBeInTheDocument();
    expect(screen.getByText('1.00 miles (1,609 m)')).toBeInTheDocument();
    expect(screen.getByText('0 min (59 s)')).toBeInTheDocument();
  });

  it('shows distance in miles and metres, time in whole minutes and seconds, the style and size badges', async () => {
    setup({ 'GET /api/maps/route-previews': () => ({ previews: three }) });
    expect(await screen.findByText('3.42 miles (5,504 m)')).toBeInTheDocument();
    expect(screen.getByText('7 min (452 s)')).toBeInTheDocument();
    expect(screen.getByText('Streets Dark')).toBeInTheDocument();
    expect(screen.getByText('900x600')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Route map from 1 Main St/ })).toHaveAttribute('src', '/maps/i/t1.png');
    expect([distanceText(null), durationText(3599)]).toEqual(['Not calculated yet', '59 min (3,599 s)']);
  });

  it('says when a distance is a straight-line estimate from the ZIP code\'s centre', async () => {
    setup({ 'GET /api/maps/route-previews': () => ({ previews: [aPreview(1, { approximate: true, precision: 'zip' })] }) });
    expect(await screen.findByText(/straight-line estimate/)).toHaveTextContent('The start is the centre of the customer\'s ZIP code.');
  });

  it('offers Generate Routes when there are no previews', async () => {
    setup({ 'GET /api/maps/route-previews': () => ({ previews: [] }) });
    expect(await screen.findByText(ROUTE_MESSAGES.empty)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Routes' })).toBeEnabled();
  });

  it('says when a map image does not load', async () => {
    setup({ 'GET /api/maps/route-previews': () => ({ previews: three }) });
    fireEvent.error(await screen.findByRole('img', { name: /Route map/ }));
    expect(screen.getByText(ROUTE_MESSAGES.imageFailed)).toBeInTheDocument();
  });

  it('generates a missing map and puts the new route in place', async () => {
    const calls = setup({
      'GET /api/maps/route-previews': () => ({ previews: [aPreview(1, { mapUrl: null, distance: null, duration: null, hasSavedData: false })] }),
      'POST /api/maps/generate-single-route': () => ({ route: { mapUrl: '/maps/i/new.png?v=5', distance: 3218.68, duration: 120, approximate: false } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Generate Map' }));
    expect(await screen.findByText('2.00 miles (3,219 m)')).toBeInTheDocument();
    expect(screen.getByText('2 min (120 s)')).toBeInTheDocument();
    expect(screen.getByText('Saved')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Route map/ }).getAttribute('src')).toMatch(/^\/maps\/i\/new\.png\?v=5&t=\d+$/);
    expect(calls.find((c) => c.path === '/api/maps/generate-single-route')!.body).toEqual({
      projectId: PROJECT, listId: LIST, businessLocationId: LOCATION, entryId: aPreview(1).id, mapStyle: 'streets-dark',
      routeColor: 'rgba(15,83,254,0.78)', routeWidth: 12, mapWidth: 900, mapHeight: 600, forceRegenerate: true, markerSettings: { logoSize: 40 },
    });
  });

  it('shows each failure in a red box with the spec\'s prefix', async () => {
    setup({
      'GET /api/maps/route-previews': () => ({ previews: three }),
      'POST /api/maps/generate-single-route': () => { throw new Failure(500, 'Routing failed'); },
      'POST /api/maps/geocode-entries': () => { throw new Failure(400, 'No address columns'); },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Regenerate map' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`${ROUTE_MESSAGES.generateShownAs}Routing failed`);
    fireEvent.click(screen.getByRole('button', { name: 'Generate All Routes' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(`${ROUTE_MESSAGES.generateAllShownAs}No address columns`));
  });

  it('says when the previews cannot be fetched', async () => {
    setup({ 'GET /api/maps/route-previews': () => { throw new Failure(500, 'Database down'); } });
    expect(await screen.findByRole('alert')).toHaveTextContent(`${ROUTE_MESSAGES.fetchShownAs}Database down`);
  });

  it('geocodes, generates the whole list with its progress, then refetches the previews', async () => {
    let polls = 0;
    let fetched = 0;
    const calls = setup({
      'GET /api/maps/route-previews': () => ({ previews: fetched++ ? three : [] }),
      'POST /api/maps/geocode-entries': () => ({ total: 500, geocoded: 25, failed: 0 }),
      'POST /api/maps/generate-routes': () => new Reply(202, { generation: aGeneration({ status: 'queued', done: 0 }) }),
      'GET /api/maps/generations/gen-1': () => ({ generation: aGeneration(++polls < 2 ? { done: 250 } : { status: 'done', done: 500 }) }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Generate Routes' }));
    expect(await screen.findByText('0/500')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate All Routes' })).toBeDisabled();
    expect(await screen.findByText('500/500', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(await screen.findByText('Preview 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate All Routes' })).toBeEnabled();
    const order = calls.map((c) => `${c.method} ${c.path}`).filter((c) => !c.includes('generations/gen-1'));
    expect(order.slice(order.indexOf('POST /api/maps/geocode-entries'))).toEqual([
      'POST /api/maps/geocode-entries', 'POST /api/maps/generate-routes', 'GET /api/maps/route-previews',
    ]);
    expect(calls.find((c) => c.path === '/api/maps/generate-routes')!.body).toMatchObject({ processAllEntries: true, forceRegenerate: true, listId: LIST });
  });

  it('follows a generation already running when the screen opens', async () => {
    setup({
      'GET /api/maps/route-previews': () => ({ previews: [] }),
      'GET /api/maps/generations/latest': () => ({ generation: aGeneration({ done: 120 }) }),
      'GET /api/maps/generations/gen-1': () => ({ generation: aGeneration({ done: 130 }) }),
    });
    expect(await screen.findByText('130/500')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Routes' })).toBeDisabled();
  });
});
