import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAP_DEFAULTS } from '@mailcraft/shared';
import {
  configInput, offsetForDisplay, parseMarkerSettings, settingsFromConfig, snapSize, uploadOffsets,
  withOrientation, withRouteColor, withTransparency,
} from './map-draft';

const defaults = settingsFromConfig(null);

describe('map settings rules', () => {
  it('starts from the spec defaults: streets-clean, rgba(15,83,254,0.78), 12 px, 22 %, 600x900 vertical', () => {
    expect(defaults).toEqual({ ...MAP_DEFAULTS });
  });

  it('links transparency to the colour alpha: transparency = round((1 − alpha) × 100)', () => {
    expect(withRouteColor(defaults, 'rgba(255,0,0,0.5)')).toMatchObject({ route_color: 'rgba(255,0,0,0.5)', route_transparency: 50 });
    expect(withTransparency(defaults, 40)).toMatchObject({ route_color: 'rgba(15,83,254,0.6)', route_transparency: 40 });
    expect(withRouteColor(defaults, '#ff0000')).toMatchObject({ route_color: 'rgba(255,0,0,1)', route_transparency: 0 });
  });

  it('keeps transparency within 0–85 %, raising an alpha under 0.15', () => {
    expect(withRouteColor(defaults, 'rgba(0,0,0,0.05)')).toMatchObject({ route_color: 'rgba(0,0,0,0.15)', route_transparency: 85 });
    expect(withTransparency(defaults, 99)).toMatchObject({ route_transparency: 85, route_color: 'rgba(15,83,254,0.15)' });
  });

  it('sets the size from an orientation preset; custom keeps the current size', () => {
    expect(withOrientation(defaults, 'horizontal')).toMatchObject({ orientation: 'horizontal', map_width: 900, map_height: 600 });
    expect(withOrientation(defaults, 'square')).toMatchObject({ map_width: 600, map_height: 600 });
    const custom = withOrientation(withOrientation(defaults, 'square'), 'custom');
    expect(custom).toMatchObject({ orientation: 'custom', map_width: 600, map_height: 600 });
  });

  it('snaps a custom size to 50 px steps within 300–1200', () => {
    expect([snapSize(620), snapSize(640), snapSize(100), snapSize(5000)]).toEqual([600, 650, 300, 1200]);
  });

  it('reads an unknown orientation as custom', () => {
    expect(settingsFromConfig({ ...MAP_DEFAULTS, orientation: 'diagonal', project_id: 'p', business_location_id: null, saved: true }).orientation).toBe('custom');
  });

  it('builds the POST /api/maps/config body', () => {
    expect(configInput('p1', 'loc-1', defaults, null)).toEqual({ projectId: 'p1', businessLocationId: 'loc-1', ...MAP_DEFAULTS, markerConfig: null });
  });
});

describe('marker rules', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows stored offsets ÷ 4 and sends the upload Y inverted, × 4', () => {
    expect([offsetForDisplay(40), offsetForDisplay(-12), offsetForDisplay(undefined)]).toEqual([10, -3, 0]);
    expect(uploadOffsets(10, 5)).toEqual({ logoOffsetX: 40, logoOffsetY: -20 });
  });

  it('reads marker settings from JSON text or an object; none is {}', () => {
    expect(parseMarkerSettings('{"logoOffsetX":8,"font":"Georgia"}')).toEqual({ logoOffsetX: 8, font: 'Georgia' });
    expect(parseMarkerSettings({ showAddress: true })).toEqual({ showAddress: true });
    expect(parseMarkerSettings(null)).toEqual({});
  });

  it('logs unreadable marker settings and gives null, sent as null', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseMarkerSettings('{not json')).toBeNull();
    expect(parseMarkerSettings('[1,2]')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
