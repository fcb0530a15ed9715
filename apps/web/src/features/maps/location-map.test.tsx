import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { behaviour, maps, markers } from './maplibre-fake';
import { LocationMap, MAP_ERRORS, OFFLINE_ZOOM } from './location-map';

vi.mock('maplibre-gl', async () => (await import('./maplibre-fake')).fakeMapLibre);

afterEach(() => {
  maps.length = 0;
  markers.length = 0;
  behaviour.autoLoad = true;
  vi.useRealTimers();
});

const at = { latitude: 29.9687, longitude: -90.0466 };

describe('the interactive map of Step 1', () => {
  it('opens at zoom 16 on the base map, centred on the location, with a draggable pin', async () => {
    render(<LocationMap {...at} styleUrl="/api/maps/style/streets-dark.json" markerUrl={null} onMove={() => {}} />);
    await waitFor(() => expect(markers).toHaveLength(1));
    expect(maps[0].options).toMatchObject({ zoom: 16, center: [-90.0466, 29.9687], style: 'http://localhost:3000/api/maps/style/streets-dark.json' });
    expect(markers[0].options.draggable).toBe(true);
    expect(markers[0].getLngLat()).toEqual({ lng: -90.0466, lat: 29.9687 });
  });

  it('has no note about street detail on a base map with streets', async () => {
    render(<LocationMap {...at} styleUrl="/style.json" markerUrl={null} onMove={() => {}} />);
    await waitFor(() => expect(markers).toHaveLength(1));
    expect(maps[0].options.maxZoom).toBeUndefined();
    expect(screen.queryByText(/Street detail needs/)).toBeNull();
  });

  it('on the offline base map (states and counties), opens at county level, zooms no closer than it can draw, and says why', async () => {
    render(<LocationMap {...at} styleUrl="/api/maps/style/streets-clean.json" offline markerUrl={null} onMove={() => {}} />);
    await waitFor(() => expect(markers).toHaveLength(1));
    expect(maps[0].options).toMatchObject({ zoom: OFFLINE_ZOOM.initial, maxZoom: OFFLINE_ZOOM.max, center: [-90.0466, 29.9687] });
    expect(OFFLINE_ZOOM.max).toBeLessThan(12);
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('This map shows states and counties only. Street detail needs MAP_TILE_URL or MAP_PMTILES_FILE on the server.');
  });

  it('moves the pin on a drag or a click on the map, and says where', async () => {
    const onMove = vi.fn();
    render(<LocationMap {...at} styleUrl="/style.json" markerUrl={null} onMove={onMove} />);
    await waitFor(() => expect(markers).toHaveLength(1));
    act(() => markers[0].drag({ lng: -90.05, lat: 29.97 }));
    expect(onMove).toHaveBeenLastCalledWith(29.97, -90.05);
    act(() => maps[0].fire('click', { lngLat: { lng: -90.04, lat: 29.96 } }));
    expect(onMove).toHaveBeenLastCalledWith(29.96, -90.04);
    expect(markers[0].getLngLat()).toEqual({ lng: -90.04, lat: 29.96 });
  });

  it('draws the marker logo at 32 px as the pin when the location has one', async () => {
    render(<LocationMap {...at} styleUrl="/style.json" markerUrl="/api/maps/markers/loc-1.png?v=1" onMove={() => {}} />);
    const logo = await screen.findByRole('img', { name: 'Business marker' });
    expect(logo).toHaveAttribute('src', '/api/maps/markers/loc-1.png?v=1');
    expect(logo.style.width).toBe('32px');
  });

  it('builds the map again on Reload map', async () => {
    render(<LocationMap {...at} styleUrl="/style.json" markerUrl={null} onMove={() => {}} />);
    await waitFor(() => expect(maps).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Reload map' }));
    await waitFor(() => expect(maps).toHaveLength(2));
    expect(maps[0].removed).toBe(true);
  });

  it('times out after 15 s without a loaded map', async () => {
    behaviour.autoLoad = false;
    vi.useFakeTimers();
    render(<LocationMap {...at} styleUrl="/style.json" markerUrl={null} onMove={() => {}} />);
    await act(async () => { await vi.advanceTimersByTimeAsync(14_900); });
    expect(screen.queryByText(MAP_ERRORS.timedOut)).toBeNull();
    await act(async () => { await vi.advanceTimersByTimeAsync(200); });
    expect(screen.getByText(MAP_ERRORS.timedOut)).toBeInTheDocument();
  });

  it('finds a broken map at the 10 s health check', async () => {
    vi.useFakeTimers();
    render(<LocationMap {...at} styleUrl="/style.json" markerUrl={null} onMove={() => {}} />);
    await act(async () => { await vi.advanceTimersByTimeAsync(10); });
    expect(maps).toHaveLength(1);
    maps[0].canvas.remove();
    await act(async () => { await vi.advanceTimersByTimeAsync(10_000); });
    expect(screen.getByText(MAP_ERRORS.broken)).toBeInTheDocument();
  });
});
