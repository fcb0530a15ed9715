import { useEffect, useRef, useState } from 'react';
import { Alert, Button } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { MAP_MESSAGES, MAP_SCREEN, MARKER_RULES } from '@mailcraft/shared';
import type { Map as MapLibreMap, Marker } from 'maplibre-gl';

/** Map timing and zoom (docs/requirements/maps.md#limits, shared MAP_SCREEN). */
export const MAP_TIMING = MAP_SCREEN;
/** The map's failures (docs/requirements/maps.md#messages, shared MAP_MESSAGES). */
export const MAP_ERRORS = {
  timedOut: MAP_MESSAGES.mapTimedOut,
  broken: MAP_MESSAGES.mapBroken,
  library: MAP_MESSAGES.mapLibrary,
  dependencies: MAP_MESSAGES.mapDependencies,
} as const;

/**
 * MapLibre GL (~220 KB gzip), its worker and its CSS, fetched on first use only so the page's own
 * code stays small (docs/requirements/workflow.md#clear-states-and-fast-pages). The worker is given its bundled URL: MapLibre would otherwise look
 * for it next to its own module, which the bundle renames.
 */
async function loadMapLibre() {
  const [lib, worker] = await Promise.all([
    import('maplibre-gl'),
    import('maplibre-gl/dist/maplibre-gl-worker.mjs?url'),
    import('maplibre-gl/dist/maplibre-gl.css'),
  ]);
  lib.setWorkerUrl(worker.default);
  return lib;
}

/**
 * Zooms of the offline base map (US state and county outlines, and configured roads only): it
 * opens at county level and goes no closer than where county lines still mean something — past
 * that the map would be blank but for the pin.
 */
export const OFFLINE_ZOOM = { initial: 9, max: 11 } as const;
/** Said on the offline base map, which has no streets to place a pin by. */
export const OFFLINE_NOTE = 'This map shows states and counties only. Street detail needs MAP_TILE_URL or MAP_PMTILES_FILE on the server.';

type Instance = { lib: Awaited<ReturnType<typeof loadMapLibre>>; map: MapLibreMap };
type Status = { state: 'loading' | 'ready' } | { state: 'error'; message: string };

/** The marker's image, drawn 32 px wide (docs/requirements/maps.md#limits marker display). */
function logoElement(url: string): HTMLElement {
  const img = document.createElement('img');
  img.src = url;
  img.alt = 'Business marker';
  img.className = 'maps-pin-logo';
  img.style.width = `${MARKER_RULES.displayPx}px`;
  img.style.height = `${MARKER_RULES.displayPx}px`;
  return img;
}

/**
 * The interactive map of Step 1 (docs/requirements/maps.md#screens): MapLibre at zoom 16 on the base map
 * `styleUrl` — on the `offline` base map at county level instead, zoom capped, with a note that
 * street detail needs a tile source — centred on the location, with a draggable pin — the marker logo at 32 px when the
 * location has one. Clicking the map moves the pin; either way `onMove(latitude, longitude)`
 * (degrees). A 15 s load time-out, a health check every 10 s and a failed library load end in an
 * error with the spec's words; the reload button builds the map again. Without a base map
 * (`styleUrl` null once its configuration failed to load) it says the map's dependencies are missing.
 */
export function LocationMap({ latitude, longitude, styleUrl, offline = false, markerUrl, markerColor, attribution, onMove }: {
  latitude: number;
  longitude: number;
  /** A MapLibre style document URL; null while it is not known, undefined when it could not be had. */
  styleUrl: string | null | undefined;
  /** The base map is the offline one (no street detail; GET /api/maps/maptiler-config `provider`). */
  offline?: boolean;
  markerUrl: string | null;
  markerColor?: string;
  attribution?: string;
  onMove: (latitude: number, longitude: number) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [instance, setInstance] = useState<Instance | null>(null);
  const [status, setStatus] = useState<Status>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const position = useRef({ latitude, longitude });
  const marker = useRef<Marker | null>(null);
  const onMoveRef = useRef(onMove);
  useEffect(() => {
    onMoveRef.current = onMove;
  });
  const moved = useRef((lat: number, lng: number) => {
    position.current = { latitude: lat, longitude: lng };
    onMoveRef.current(lat, lng);
  }).current;

  // The map itself: built on mount, on reload and when the base style changes.
  useEffect(() => {
    if (!styleUrl || !container.current) return;
    const el = container.current;
    let cancelled = false;
    let map: MapLibreMap | null = null;
    setStatus({ state: 'loading' });
    const timeout = setTimeout(() => setStatus({ state: 'error', message: MAP_ERRORS.timedOut }), MAP_TIMING.loadTimeoutMs);
    loadMapLibre().then((lib) => {
      if (cancelled) return;
      const { latitude: lat, longitude: lng } = position.current;
      map = new lib.Map({
        container: el, style: new URL(styleUrl, window.location.href).href, center: [lng, lat],
        ...(offline ? { zoom: OFFLINE_ZOOM.initial, maxZoom: OFFLINE_ZOOM.max } : { zoom: MAP_TIMING.zoom }),
        attributionControl: attribution ? { compact: true, customAttribution: attribution } : undefined,
      });
      map.on('load', () => {
        clearTimeout(timeout);
        setStatus({ state: 'ready' });
      });
      map.on('click', (e) => {
        marker.current?.setLngLat(e.lngLat);
        moved(e.lngLat.lat, e.lngLat.lng);
      });
      map.on('webglcontextlost', () => setStatus({ state: 'error', message: MAP_ERRORS.broken }));
      map.on('error', (e) => console.warn('Map error', e.error));
      setInstance({ lib, map });
    }, (err) => {
      clearTimeout(timeout);
      console.warn(err);
      if (!cancelled) setStatus({ state: 'error', message: MAP_ERRORS.library });
    });
    return () => {
      cancelled = true;
      clearTimeout(timeout);
      map?.remove();
      setInstance(null);
    };
  }, [styleUrl, offline, attribution, attempt, moved]);

  // The pin: the default pin, or the marker logo; rebuilt when the logo changes.
  useEffect(() => {
    if (!instance) return;
    const { latitude: lat, longitude: lng } = position.current;
    const pin = new instance.lib.Marker({ draggable: true, color: markerColor, element: markerUrl ? logoElement(markerUrl) : undefined })
      .setLngLat([lng, lat]).addTo(instance.map);
    pin.on('dragend', () => {
      const p = pin.getLngLat();
      moved(p.lat, p.lng);
    });
    marker.current = pin;
    return () => {
      pin.remove();
      marker.current = null;
    };
  }, [instance, markerUrl, markerColor, moved]);

  // A position from outside (another location chosen, a saved answer) moves the pin and the view.
  useEffect(() => {
    const known = position.current;
    if (known.latitude === latitude && known.longitude === longitude) return;
    position.current = { latitude, longitude };
    marker.current?.setLngLat([longitude, latitude]);
    instance?.map.setCenter([longitude, latitude]);
  }, [latitude, longitude, instance]);

  // Health check: a map that is gone or off the page is broken.
  useEffect(() => {
    if (status.state !== 'ready') return;
    const timer = setInterval(() => {
      const canvas = instance?.map.getCanvas();
      if (!instance || !canvas || !canvas.isConnected) setStatus({ state: 'error', message: MAP_ERRORS.broken });
    }, MAP_TIMING.healthCheckMs);
    return () => clearInterval(timer);
  }, [status.state, instance]);

  return (
    <div className="maps-map-wrap">
      <div ref={container} className="maps-map" role="region" aria-label="Business location map" aria-busy={status.state === 'loading'} />
      {offline && styleUrl && <p className="maps-map-note" role="note">{OFFLINE_NOTE}</p>}
      {styleUrl === undefined && <Alert className="maps-map-error" type="error" showIcon role="alert" title={MAP_ERRORS.dependencies} />}
      {status.state === 'error' && <Alert className="maps-map-error" type="error" showIcon role="alert" title={status.message} />}
      <Button className="maps-map-reload" size="small" icon={<ReloadOutlined />} aria-label="Reload map" onClick={() => setAttempt((a) => a + 1)}>Reload map</Button>
    </div>
  );
}
