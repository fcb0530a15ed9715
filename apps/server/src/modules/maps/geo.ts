/** A point as [longitude, latitude] in degrees (GeoJSON order, WGS 84). */
export type LngLat = [number, number];

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle distance between two points, metres (haversine on the mean Earth radius). */
export function haversineMetres(a: LngLat, b: LngLat): number {
  const dLat = rad(b[1] - a[1]);
  const dLon = rad(b[0] - a[0]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[1])) * Math.cos(rad(b[1])) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Length of a line, metres. */
export const lineMetres = (line: readonly LngLat[]): number =>
  line.reduce((sum, p, i) => (i === 0 ? 0 : sum + haversineMetres(line[i - 1], p)), 0);
