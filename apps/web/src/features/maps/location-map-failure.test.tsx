import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LocationMap, MAP_ERRORS } from './location-map';

// The library's chunk cannot be fetched (offline, a new deployment removed it).
vi.mock('maplibre-gl', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('the interactive map without its library', () => {
  it('says the map library failed to load', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<LocationMap latitude={29.97} longitude={-90.05} styleUrl="/style.json" markerUrl={null} onMove={() => {}} />);
    expect(await screen.findByText(MAP_ERRORS.library)).toBeInTheDocument();
  });

  it('says the map\'s dependencies are missing without a base map', () => {
    render(<LocationMap latitude={29.97} longitude={-90.05} styleUrl={undefined} markerUrl={null} onMove={() => {}} />);
    expect(screen.getByText(MAP_ERRORS.dependencies)).toBeInTheDocument();
  });
});
