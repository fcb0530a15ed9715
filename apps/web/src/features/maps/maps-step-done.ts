import type { TMapConfig, TMapGeneration } from '@mailcraft/shared';
import { useLatestGeneration, useMapConfig } from './maps-api';

/**
 * Whether a campaign's optional Maps step was really done: the project's map configuration names
 * a business location, and the list's latest Generate All Routes run finished with at least one
 * map drawn. Anything less — defaults only, no run, a run still going, a run that drew nothing —
 * is not done.
 */
export function mapsStepDone(config: Pick<TMapConfig, 'business_location_id'> | null | undefined, generation: TMapGeneration | null | undefined): boolean {
  return !!config?.business_location_id && generation?.status === 'done' && generation.done - generation.failed > 0;
}

/**
 * The Maps step's state for the progress bar: `mapsStepDone` over GET /api/maps/config/{projectId}
 * and GET /api/maps/generations/latest?listId (asked only while `enabled`; false while they load
 * or when either fails).
 */
export function useMapsStepDone(projectId: string | null, listId: string | null, enabled: boolean): boolean {
  const config = useMapConfig(projectId ?? '', { enabled: enabled && !!projectId });
  const generation = useLatestGeneration(listId ?? '', { enabled: enabled && !!listId });
  return mapsStepDone(config.data, generation.data);
}
