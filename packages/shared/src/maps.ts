import { z } from 'zod';
import { MAP_LIMITS, MAP_MESSAGES as M, MAP_ORIENTATIONS, MAP_STYLES } from './map-rules.js';

const required = (max: number) => z.string().trim().min(1, M.locationRequired).max(max);

/** POST /api/maps/locations (docs/requirements/qr-codes.md#rules): a business location; all fields required. */
export const ZBusinessLocationInputSchema = z.object({
  name: required(200).describe('Business name'),
  address: required(300).describe('Street address'),
  city: required(100).describe('City'),
  state: z.string().trim().min(1, M.locationRequired).max(MAP_LIMITS.stateLength, M.stateLength).describe('2-letter state code, e.g. LA'),
  zip: required(10).describe('ZIP code'),
}).meta({ id: 'NewBusinessLocation' });
export type TBusinessLocationInput = z.input<typeof ZBusinessLocationInputSchema>;

/** PUT /api/maps/locations/{id} (docs/requirements/maps.md#api): the pin's position (the front door), in degrees. */
export const ZLocationPositionSchema = z.object({
  latitude: z.number().min(-90).max(90).describe('Latitude, degrees (WGS 84)'),
  longitude: z.number().min(-180).max(180).describe('Longitude, degrees (WGS 84)'),
}).meta({ id: 'LocationPosition' });

/** A business location as the API answers it (docs/requirements/maps.md#business-location location). */
export const ZBusinessLocationSchema = z.object({
  id: z.string().describe('Location id'),
  name: z.string().describe('Business name'),
  address: z.string().describe('Street address'),
  city: z.string().describe('City'),
  state: z.string().describe('2-letter state code'),
  zip: z.string().describe('ZIP code'),
  latitude: z.number().describe('Latitude of the pin, degrees'),
  longitude: z.number().describe('Longitude of the pin, degrees'),
  precision: z.enum(['zip', 'address', 'pin']).describe('How the position was found: ZIP centroid, address geocoder, or placed by the user'),
  marker_url: z.string().nullable().describe('The marker logo image, or null'),
  marker_settings: z.record(z.string(), z.unknown()).nullable().describe('Marker display settings, or null'),
  created_at: z.string().describe('ISO 8601 creation time'),
}).meta({ id: 'BusinessLocation' });
export type TBusinessLocation = z.infer<typeof ZBusinessLocationSchema>;

const RGBA = /^rgba\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*(0|1|0?\.\d+)\s*\)$/;
const size = (what: string) => z.number().int().min(MAP_LIMITS.size.min).max(MAP_LIMITS.size.max)
  .refine((v) => v % MAP_LIMITS.size.step === 0, `${what} goes in steps of ${MAP_LIMITS.size.step}`)
  .describe(`${what} of the map image, px (${MAP_LIMITS.size.min}–${MAP_LIMITS.size.max}, step ${MAP_LIMITS.size.step})`);

/** POST /api/maps/config (docs/requirements/maps.md#api): a project's map configuration. */
export const ZMapConfigInputSchema = z.object({
  projectId: z.uuid({ error: 'Invalid project ID' }).describe('The project'),
  businessLocationId: z.uuid({ error: M.selectLocation }).describe('The business location the routes lead to'),
  map_style: z.string().max(64).default('streets-clean').describe(`Map style id (${MAP_STYLES.join(', ')}; others show as Streets Clean)`),
  route_color: z.string().regex(RGBA, 'Route colour must be rgba(r,g,b,a)').describe('Route colour, rgba(r,g,b,a)'),
  route_width: z.number().int().min(MAP_LIMITS.routeWidth.min).max(MAP_LIMITS.routeWidth.max).describe('Route line width, px (2–20)'),
  route_transparency: z.number().int().min(MAP_LIMITS.transparency.min).max(MAP_LIMITS.transparency.max).describe('Route transparency, % (0–85)'),
  map_width: size('Width'),
  map_height: size('Height'),
  orientation: z.enum(Object.keys(MAP_ORIENTATIONS) as [keyof typeof MAP_ORIENTATIONS]).describe('horizontal, vertical, square or custom'),
  markerConfig: z.record(z.string(), z.unknown()).nullable().optional().describe('Marker display settings to keep on the location, or null'),
}).meta({ id: 'MapConfigSave' });
export type TMapConfigInput = z.input<typeof ZMapConfigInputSchema>;

/** GET /api/maps/config/{projectId}: the saved configuration, or the defaults with `saved: false`. */
export const ZMapConfigSchema = z.object({
  project_id: z.string().describe('The project'),
  business_location_id: z.string().nullable().describe('The business location, or null before one is chosen'),
  map_style: z.string().describe('Map style id'),
  route_color: z.string().describe('rgba(r,g,b,a)'),
  route_width: z.number().int().describe('Route line width, px'),
  route_transparency: z.number().int().describe('Route transparency, %'),
  map_width: z.number().int().describe('Image width, px'),
  map_height: z.number().int().describe('Image height, px'),
  orientation: z.string().describe('horizontal, vertical, square or custom'),
  saved: z.boolean().describe('False while the project has only the defaults'),
}).meta({ id: 'MapConfig' });
export type TMapConfig = z.infer<typeof ZMapConfigSchema>;
