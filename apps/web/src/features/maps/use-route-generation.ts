import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ROUTE_MESSAGES, type TMarkerSettings, type TRoutePreview } from '@mailcraft/shared';
import { errorDetail } from '../../lib/api-client';
import type { MapSettings } from './map-draft';
import {
  generateSingleRoute, isRunning, mapKeys, startRouteGeneration, useGeneration, useLatestGeneration, useRoutePreviews,
} from './maps-api';

/** What the routes are drawn for and with: the screen's project, list, location and Step 2–3 settings. */
export type RouteDrawing = {
  projectId: string;
  listId: string;
  locationId: string | null;
  settings: MapSettings;
  marker: TMarkerSettings | null;
};

/** The image URL with a cache-busting timestamp (docs/requirements/maps.md#api generate-single-route). */
const bust = (url: string) => `${url}${url.includes('?') ? '&' : '?'}t=${Date.now()}`;

/**
 * The route previews of Step 4 and their generation (docs/requirements/maps.md#screens route preview panel, §4 Route
 * previews, §8): the first 25 records' previews, the one on show (`index`, wrapping), a single
 * regenerate that replaces that entry's mapUrl, distance (metres) and duration (seconds) and sets
 * hasSavedData, and Generate All Routes — geocode, start the background generation, follow it
 * every second (also one already running when the screen opens), then refetch the previews.
 * `error` carries the spec's prefixes; `busy` while any of it runs.
 */
export function useRouteGeneration({ projectId, listId, locationId, settings, marker }: RouteDrawing) {
  const client = useQueryClient();
  const previews = useRoutePreviews(projectId, listId, locationId);
  const latest = useLatestGeneration(listId);
  const [startedId, setStartedId] = useState<string | null>(null);
  const activeId = startedId ?? (isRunning(latest.data) ? latest.data!.id : null);
  const generation = useGeneration(activeId);
  const [index, setIndex] = useState(0);
  const [pending, setPending] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const finished = useRef<string | null>(null);

  const list = previews.data ?? [];
  const shown = list.length ? Math.min(index, list.length - 1) : 0;
  const current: TRoutePreview | null = list[shown] ?? null;
  const previewKey = mapKeys.previews(projectId, listId, locationId ?? '');

  // `withMarker`: marker settings just changed, before the screen has rendered them.
  const drawing = (withMarker: TMarkerSettings | null = marker) => ({
    projectId, listId, businessLocationId: locationId!, mapStyle: settings.map_style, routeColor: settings.route_color,
    routeWidth: settings.route_width, mapWidth: settings.map_width, mapHeight: settings.map_height, forceRegenerate: true, markerSettings: withMarker,
  });
  const run = async (work: () => Promise<void>) => {
    setPending((n) => n + 1);
    try {
      await work();
    } finally {
      setPending((n) => n - 1);
    }
  };

  const generateOne = (entryId: string, withMarker?: TMarkerSettings | null) => run(async () => {
    if (!locationId) return;
    setError(null);
    try {
      const route = await generateSingleRoute({ ...drawing(withMarker), entryId });
      client.setQueryData<TRoutePreview[]>(previewKey, (old) => old?.map((p) => (p.id === entryId ? {
        ...p, mapUrl: bust(route.mapUrl), distance: route.distance, duration: route.duration, approximate: route.approximate, hasSavedData: true, error: null,
      } : p)));
    } catch (err) {
      setError(ROUTE_MESSAGES.generateShownAs + errorDetail(err));
    }
  });

  const generateAll = () => run(async () => {
    if (!locationId) return;
    setError(null);
    try {
      const started = await startRouteGeneration({ ...drawing(), processAllEntries: true });
      client.setQueryData(mapKeys.generation(started.id), started);
      client.setQueryData(mapKeys.latestGeneration(listId), started);
      setStartedId(started.id);
    } catch (err) {
      setError(ROUTE_MESSAGES.generateAllShownAs + errorDetail(err));
    }
  });

  // A generation that ends (done or failed) brings the new previews once.
  const { refetch } = previews;
  const ended = generation.data && !isRunning(generation.data) ? generation.data : null;
  useEffect(() => {
    if (!ended || finished.current === ended.id) return;
    finished.current = ended.id;
    client.setQueryData(mapKeys.latestGeneration(listId), ended);
    if (ended.status === 'failed') setError(ROUTE_MESSAGES.generateAllShownAs + (ended.error ?? ROUTE_MESSAGES.generateAllFailed));
    void refetch().then((r) => {
      if (r.isError) setError(ROUTE_MESSAGES.refreshFailed);
    });
  }, [ended, refetch, client, listId]);

  const count = list.length;
  const step = (by: 1 | -1) => setIndex((i) => (count ? (Math.min(i, count - 1) + by + count) % count : 0));
  const fetchError = previews.isError ? ROUTE_MESSAGES.fetchShownAs + errorDetail(previews.error) : null;
  const pollError = generation.isError ? ROUTE_MESSAGES.generateAllShownAs + errorDetail(generation.error) : null;

  return {
    previews: list,
    loading: previews.isFetching && !previews.data,
    index: shown,
    current,
    next: () => step(1),
    previous: () => step(-1),
    generateOne,
    generateAll,
    /** Regenerates the map of the preview on show with `withMarker` (after a marker change, docs/requirements/notifications.md#rules). */
    regenerateCurrent: (withMarker?: TMarkerSettings | null) => (current ? generateOne(current.id, withMarker) : Promise.resolve()),
    generation: activeId ? generation.data ?? null : null,
    busy: pending > 0 || isRunning(generation.data) || (!!activeId && generation.isPending),
    error: error ?? fetchError ?? pollError,
  };
}

/** The state and actions of Step 4, as `useRouteGeneration` returns them. */
export type RouteGeneration = ReturnType<typeof useRouteGeneration>;
