import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TBaseMapConfig, TBusinessLocation, TBusinessLocationInput, TGenerateRoutes, TGenerateSingleRoute,
  TMapConfig, TMapConfigInput, TMapGeneration, TMarkerSettings, TRoutePreview,
} from '@mailcraft/shared';
import { MAP_SCREEN } from '@mailcraft/shared';
import { api } from '../../lib/api-client';

/** Query keys of the maps feature. */
export const mapKeys = {
  locations: ['maps', 'locations'] as const,
  config: (projectId: string) => ['maps', 'config', projectId] as const,
  baseMap: ['maps', 'base-map'] as const,
  previews: (projectId: string, listId: string, locationId: string) => ['maps', 'previews', projectId, listId, locationId] as const,
  generation: (id: string) => ['maps', 'generation', id] as const,
  latestGeneration: (listId: string) => ['maps', 'generation', 'latest', listId] as const,
};

/** How often a running route generation is asked for its progress, ms (docs/requirements/maps.md#screens "Generate All Routes"). */
export const GENERATION_POLL_MS = MAP_SCREEN.generationPollMs;
/** A generation still at work. */
export const isRunning = (g: TMapGeneration | null | undefined) => g?.status === 'queued' || g?.status === 'running';

/** GET /api/maps/locations (docs/requirements/maps.md#api): the user's business locations. 'Failed to fetch business locations' (§8). */
export function useLocations() {
  return useQuery({ queryKey: mapKeys.locations, queryFn: () => api<TBusinessLocation[]>('/api/maps/locations') });
}

/** GET /api/maps/config/{projectId} (docs/requirements/maps.md#api): the saved configuration, or the defaults with `saved: false`. 'Failed to load map configuration'. */
export function useMapConfig(projectId: string, { enabled = true } = {}) {
  return useQuery({ queryKey: mapKeys.config(projectId), queryFn: () => api<TMapConfig>(`/api/maps/config/${encodeURIComponent(projectId)}`), retry: false, enabled });
}

/** GET /api/maps/maptiler-config (docs/requirements/maps.md#api): where the interactive map gets its base map (a MapLibre style URL with `{style}`). */
export function useBaseMapConfig() {
  return useQuery({
    queryKey: mapKeys.baseMap,
    queryFn: async () => (await api<{ config: TBaseMapConfig }>('/api/maps/maptiler-config')).config,
    staleTime: Infinity,
  });
}

/** POST /api/maps/locations {name, address, city, state, zip} → 201 the new location, placed at its ZIP (docs/requirements/maps.md#api). 402 without `maps`. */
export function useCreateLocation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TBusinessLocationInput) => api<TBusinessLocation>('/api/maps/locations', { method: 'POST', body: input }),
    onSuccess: (created) => client.setQueryData<TBusinessLocation[]>(mapKeys.locations, (old) => [...(old ?? []), created]),
  });
}

/** Replaces one location in the cached list with the server's answer. */
const replaceLocation = (client: ReturnType<typeof useQueryClient>, saved: TBusinessLocation) =>
  client.setQueryData<TBusinessLocation[]>(mapKeys.locations, (old) => old?.map((l) => (l.id === saved.id ? saved : l)));

/** PUT /api/maps/locations/{id} {latitude, longitude} (degrees) → the moved location (docs/requirements/maps.md#api). */
export function useMoveLocation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, latitude, longitude }: { id: string; latitude: number; longitude: number }) =>
      api<TBusinessLocation>(`/api/maps/locations/${encodeURIComponent(id)}`, { method: 'PUT', body: { latitude, longitude } }),
    onSuccess: (saved) => replaceLocation(client, saved),
  });
}

/** POST /api/maps/config (docs/requirements/maps.md#api) → the saved configuration. 402 'You need to upgrade your plan to save map configurations'. */
export function useSaveMapConfig(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TMapConfigInput) => api<TMapConfig>('/api/maps/config', { method: 'POST', body: input }),
    onSuccess: (saved) => {
      client.setQueryData(mapKeys.config(projectId), saved);
      return client.invalidateQueries({ queryKey: mapKeys.locations });
    },
  });
}

/** The upload of a marker logo: the file and the offsets already in stored units (see `uploadOffsets`). */
export type MarkerUpload = { businessId: string; logo: File; logoOffsetX: number; logoOffsetY: number };

/** POST /api/maps/upload-marker, multipart logo + businessId + offsets (docs/requirements/maps.md#api) → {markerUrl, settings}. */
export function useUploadMarker() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (u: MarkerUpload) => {
      const form = new FormData();
      form.append('logo', u.logo);
      form.append('businessId', u.businessId);
      form.append('logoOffsetX', String(u.logoOffsetX));
      form.append('logoOffsetY', String(u.logoOffsetY));
      return api<{ markerUrl: string; settings: TMarkerSettings }>('/api/maps/upload-marker', { method: 'POST', body: form });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: mapKeys.locations }),
  });
}

/** DELETE /api/maps/delete-marker/{locationId} → 204 (docs/requirements/maps.md#api). */
export function useDeleteMarker() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (locationId: string) => api<void>(`/api/maps/delete-marker/${encodeURIComponent(locationId)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: mapKeys.locations }),
  });
}

/** POST /api/maps/update-marker-position {businessId, logoOffsetX, logoOffsetY (stored units), skipMapRegeneration} → {markerSettings}. */
export function useUpdateMarkerPosition() {
  return useMutation({
    mutationFn: (body: { businessId: string; logoOffsetX: number; logoOffsetY: number; skipMapRegeneration: boolean }) =>
      api<{ markerSettings: TMarkerSettings }>('/api/maps/update-marker-position', { method: 'POST', body }),
  });
}

/** GET /api/maps/route-previews?projectId&listId&locationId (docs/requirements/qr-codes.md#rules): the first 25 records' routes. Disabled without a location. */
export function useRoutePreviews(projectId: string, listId: string, locationId: string | null) {
  return useQuery({
    queryKey: mapKeys.previews(projectId, listId, locationId ?? ''),
    queryFn: async () => (await api<{ previews: TRoutePreview[] }>(
      `/api/maps/route-previews?projectId=${encodeURIComponent(projectId)}&listId=${encodeURIComponent(listId)}&locationId=${encodeURIComponent(locationId!)}`,
    )).previews,
    enabled: !!locationId,
    retry: false,
  });
}

/** A generated route (docs/requirements/maps.md#data): image URL, distance metres, duration seconds, straight-line estimate or not. */
export type TGeneratedRoute = { mapUrl: string; distance: number; duration: number; approximate: boolean };

/** POST /api/maps/generate-single-route (docs/requirements/maps.md#api) → the record's new route. */
export function generateSingleRoute(body: TGenerateSingleRoute) {
  return api<{ route: TGeneratedRoute }>('/api/maps/generate-single-route', { method: 'POST', body }).then((a) => a.route);
}

/**
 * Generate All Routes (docs/requirements/maps.md#route-previews previews): POST /api/maps/geocode-entries {listId}, then
 * POST /api/maps/generate-routes → 202 the background generation to follow.
 */
export async function startRouteGeneration(body: TGenerateRoutes): Promise<TMapGeneration> {
  await api<{ total: number; geocoded: number; failed: number }>('/api/maps/geocode-entries', { method: 'POST', body: { listId: body.listId } });
  return (await api<{ generation: TMapGeneration }>('/api/maps/generate-routes', { method: 'POST', body })).generation;
}

/**
 * GET /api/maps/generations/latest?listId= → the list's last generation or null (to show one still
 * running on arrival, and the progress bar's Maps step). Kept until a run on the screen changes it.
 */
export function useLatestGeneration(listId: string, { enabled = true } = {}) {
  return useQuery({
    queryKey: mapKeys.latestGeneration(listId),
    queryFn: async () => (await api<{ generation: TMapGeneration | null }>(`/api/maps/generations/latest?listId=${encodeURIComponent(listId)}`)).generation,
    retry: false,
    staleTime: Infinity,
    enabled,
  });
}

/** GET /api/maps/generations/{id}, polled every second while queued or running. */
export function useGeneration(id: string | null) {
  return useQuery({
    queryKey: mapKeys.generation(id ?? ''),
    queryFn: async () => (await api<{ generation: TMapGeneration }>(`/api/maps/generations/${encodeURIComponent(id!)}`)).generation,
    enabled: !!id,
    retry: 2,
    refetchInterval: (q) => (q.state.status === 'error' || (q.state.data && !isRunning(q.state.data)) ? false : GENERATION_POLL_MS),
  });
}
