/**
 * The maps merge fields of a mail piece (docs/requirements/maps.md#maps; docs/requirements/maps.md#data "Map data per record"): an image
 * element named `map_image` prints the record's own route map; text named `distance` or `duration`
 * prints the route's length and driving time in the formats below.
 */
export const PRINT_MAP_FIELDS = ['map_image', 'distance', 'duration'] as const;
export type PrintMapField = (typeof PRINT_MAP_FIELDS)[number];
export const isPrintMapField = (name: string): name is PrintMapField => (PRINT_MAP_FIELDS as readonly string[]).includes(name);

const METRES_PER_MILE = 1609.344;

/** A distance in metres as a mail piece prints it: miles with one decimal, e.g. '3.2 mi' (docs/requirements/designer.md#limits: US distances in miles). */
export const printedDistance = (metres: number): string => `${(metres / METRES_PER_MILE).toFixed(1)} mi`;
/** A driving time in seconds as a mail piece prints it: whole minutes, at least 1, e.g. '12 min'; from an hour '1 h 05 min'. */
export function printedDuration(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** The sample values the Designer shows before a list has maps. */
export const MAP_FIELD_SAMPLES: Record<'distance' | 'duration', string> = { distance: printedDistance(5150), duration: printedDuration(720) };
