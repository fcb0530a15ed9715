/**
 * A stand-in for `maplibre-gl` in jsdom (which has no WebGL), for `vi.mock('maplibre-gl', …)`:
 * maps and markers record what the screen did with them, and `fire` plays the library's events.
 */
type Listener = (e: unknown) => void;
type LngLat = { lng: number; lat: number };
const toLngLat = (l: [number, number] | LngLat): LngLat => (Array.isArray(l) ? { lng: l[0], lat: l[1] } : l);

class Emitter {
  handlers: Record<string, Listener[]> = {};
  on(type: string, fn: Listener) {
    (this.handlers[type] ??= []).push(fn);
    return this;
  }
  fire(type: string, e: unknown = {}) {
    for (const fn of this.handlers[type] ?? []) fn(e);
  }
}

/** Every map built, newest last. */
export const maps: FakeMap[] = [];
/** Every marker built, newest last. */
export const markers: FakeMarker[] = [];
/** Whether a new map fires 'load' by itself (set false to test the time-out). */
export const behaviour = { autoLoad: true };

/** A map: its options, centre, canvas (in the container) and whether it was removed; fires 'load' unless told not to. */
export class FakeMap extends Emitter {
  canvas = document.createElement('canvas');
  center: LngLat;
  removed = false;
  constructor(public options: { container: HTMLElement; style: string; center: [number, number]; zoom: number; maxZoom?: number }) {
    super();
    this.center = toLngLat(options.center);
    options.container.appendChild(this.canvas);
    maps.push(this);
    if (behaviour.autoLoad) setTimeout(() => this.fire('load'), 0);
  }
  getCanvas() {
    return this.canvas;
  }
  setCenter(c: [number, number]) {
    this.center = toLngLat(c);
    return this;
  }
  remove() {
    this.removed = true;
    this.canvas.remove();
  }
}

/** A marker: its options, element (added to the map's container) and position. */
export class FakeMarker extends Emitter {
  element: HTMLElement;
  lngLat: LngLat = { lng: 0, lat: 0 };
  constructor(public options: { draggable?: boolean; element?: HTMLElement; color?: string } = {}) {
    super();
    this.element = options.element ?? Object.assign(document.createElement('div'), { className: 'fake-pin' });
    markers.push(this);
  }
  setLngLat(l: [number, number] | LngLat) {
    this.lngLat = toLngLat(l);
    return this;
  }
  getLngLat() {
    return this.lngLat;
  }
  addTo(map: FakeMap) {
    map.options.container.appendChild(this.element);
    return this;
  }
  remove() {
    this.element.remove();
  }
  /** Plays a drag of the pin to `to`. */
  drag(to: LngLat) {
    this.lngLat = to;
    this.fire('dragend', { target: this });
  }
}

/** The module as `import('maplibre-gl')` gives it. */
export const fakeMapLibre = { Map: FakeMap, Marker: FakeMarker, setWorkerUrl: () => {} };
