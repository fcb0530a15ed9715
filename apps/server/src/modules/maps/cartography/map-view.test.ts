import { describe, expect, it } from 'vitest';
import type { LngLat } from '../geo.js';
import { fitView, MAX_ZOOM, viewProjection, type MapView } from './map-view.js';

const customer: LngLat = [-90.1, 29.9];
const business: LngLat = [-90.0466, 29.9687]; // north-east of the customer

/** Where `p` lands in the view's image, px from the left and top. */
const at = (view: MapView, p: LngLat) => viewProjection(view)(p)!;

/** The least room, px, between `p` (widened by `insets`) and the image's edges. */
function room(view: MapView, p: LngLat, insets = { left: 0, top: 0, right: 0, bottom: 0 }) {
  const [x, y] = at(view, p);
  return Math.min(x - insets.left, y - insets.top, view.width - x - insets.right, view.height - y - insets.bottom);
}

describe('the view of a route map', () => {
  it('keeps both ends inside the image, 12 % of its shorter side from every edge', () => {
    for (const [width, height] of [[600, 900], [900, 600], [600, 600], [300, 1200]]) {
      for (const wholeZoom of [false, true]) {
        const view = fitView([customer, business], width, height, { wholeZoom });
        const pad = Math.min(width, height) * 0.12;
        expect(room(view, customer)).toBeGreaterThanOrEqual(pad - 0.5);
        expect(room(view, business)).toBeGreaterThanOrEqual(pad - 0.5);
      }
    }
  });

  it('leaves a framed point the room its drawing needs (a pin and logo above the business) on top of the padding', () => {
    const marker = { left: 24, top: 110, right: 40, bottom: 2 };
    for (const [width, height] of [[600, 400], [600, 900], [900, 600], [300, 300]]) {
      for (const wholeZoom of [false, true]) {
        const view = fitView([customer], width, height, { wholeZoom, framed: [{ at: business, insets: marker }] });
        const pad = Math.min(width, height) * 0.12;
        expect(room(view, customer)).toBeGreaterThanOrEqual(pad - 0.5);
        expect(room(view, business, marker)).toBeGreaterThanOrEqual(pad - 0.5);
      }
    }
  });

  it('centres what it frames, so neither end sits on an edge while the other has room to spare', () => {
    const marker = { left: 14, top: 40, right: 14, bottom: 0 };
    const view = fitView([customer], 600, 900, { framed: [{ at: business, insets: marker }] });
    const [bx, by] = at(view, business);
    const [cx, cy] = at(view, customer);
    // Left of the customer and right of the business: equal room; likewise above the marker and below the customer.
    expect(Math.abs(cx - (600 - bx - marker.right))).toBeLessThan(1);
    expect(Math.abs((by - marker.top) - (900 - cy))).toBeLessThan(1);
  });

  it('draws a route of one point at street level, centred', () => {
    const view = fitView([business], 600, 400, { framed: [{ at: business, insets: { left: 14, top: 40, right: 14, bottom: 0 } }] });
    expect(view.zoom).toBe(MAX_ZOOM);
    const [x, y] = at(view, business);
    expect(x).toBeCloseTo(300, 0);
    expect(y).toBeCloseTo(200 + 20, 0);
  });
});
