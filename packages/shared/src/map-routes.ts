import { z } from 'zod';
import { MARKER_RULES } from './map-rules.js';

const offset = (axis: 'X' | 'Y') => z.coerce.number().int(`Marker offsets are whole numbers`)
  .min(-MARKER_RULES.maxOffset).max(MARKER_RULES.maxOffset)
  .describe(`Logo ${axis} offset from the pin, in stored units (shown ÷ ${MARKER_RULES.offsetScale}; docs/requirements/maps.md#limits)`);

/**
 * A location's marker display settings (docs/requirements/maps.md#business-location location `marker_settings`): the logo's
 * size and offset from the pin, the label. Every field optional; unknown keys are dropped.
 */
export const ZMarkerSettingsSchema = z.object({
  width: z.number().int().min(1).max(MARKER_RULES.maxLogoPx).optional().describe('Logo width as stored, px'),
  height: z.number().int().min(1).max(MARKER_RULES.maxLogoPx).optional().describe('Logo height as stored, px'),
  logoOffsetX: offset('X').optional(),
  logoOffsetY: offset('Y').optional(),
  markerColor: z.string().max(40).optional().describe('Pin colour, CSS colour (#rrggbb or rgba())'),
  showBusinessName: z.boolean().optional().describe('Draw the business name beside the marker'),
  showAddress: z.boolean().optional().describe('Draw the business address beside the marker'),
  font: z.string().max(64).optional().describe('Label font family'),
  logoSize: z.number().int().min(16).max(128).optional().describe('Logo size on the map image, px'),
}).meta({ id: 'MarkerSettings' });
export type TMarkerSettings = z.infer<typeof ZMarkerSettingsSchema>;

/** POST /api/maps/update-marker-position (docs/requirements/maps.md#api), sent 500 ms after the last change. */
export const ZMarkerPositionSchema = z.object({
  businessId: z.uuid({ error: 'Invalid business location ID' }).describe('The business location'),
  logoOffsetX: offset('X'),
  logoOffsetY: offset('Y'),
  skipMapRegeneration: z.boolean().optional().describe('True: only store the offsets; the screen regenerates the preview itself'),
}).meta({ id: 'MarkerPosition' });

/** Answer of POST /api/maps/update-marker-position. */
export const ZMarkerSettingsAnswerSchema = z.object({ markerSettings: ZMarkerSettingsSchema.describe('The location\'s marker settings after the change') });

/** Answer of POST /api/maps/upload-marker (docs/requirements/maps.md#api). */
export const ZMarkerUploadSchema = z.object({
  markerUrl: z.string().describe('URL of the stored logo (PNG), with a cache-busting version'),
  settings: ZMarkerSettingsSchema.describe('The location\'s marker settings, with the logo\'s stored width and height'),
}).meta({ id: 'MarkerUpload' });

/** Where the browser's map gets its base map (GET /api/maps/maptiler-config, docs/requirements/maps.md#api). */
export const ZBaseMapConfigSchema = z.object({
  config: z.object({
    apiKey: z.string().nullable().describe('A browser-safe key for the configured map service, or null (offline base map)'),
    provider: z.enum(['offline', 'style', 'xyz']).describe('offline: GeoJSON shipped with the app; style: a MapLibre style URL; xyz: raster tiles'),
    styleUrl: z.string().describe('MapLibre style document for streets-clean; `{style}` in it is replaced by the map style id'),
    attribution: z.string().describe('Attribution to show on the map'),
  }).describe('The base map of the screen\'s interactive map'),
}).meta({ id: 'BaseMapConfig' });
export type TBaseMapConfig = z.infer<typeof ZBaseMapConfigSchema>['config'];

/** GET /api/maps/route-previews query (docs/requirements/maps.md#api). */
export const ZRoutePreviewQuerySchema = z.object({
  projectId: z.uuid({ error: 'Invalid project ID' }).describe('The project'),
  listId: z.uuid({ error: 'Invalid mailing list ID' }).describe('The mailing list'),
  locationId: z.uuid({ error: 'Please select a business location first' }).describe('The business location'),
});

/** One record's route preview (docs/requirements/maps.md#route-previews preview entry). */
export const ZRoutePreviewSchema = z.object({
  id: z.string().describe('The record (entry) id'),
  customerAddress: z.string().describe('The record\'s address, one line'),
  businessAddress: z.string().describe('The business location\'s address, one line'),
  mapUrl: z.string().nullable().describe('URL of the route map image (PNG), or null before it is generated'),
  distance: z.number().nullable().describe('Driving distance, metres'),
  duration: z.number().nullable().describe('Driving time, seconds'),
  hasSavedData: z.boolean().describe('Whether a route is stored for this record'),
  approximate: z.boolean().describe('True when the distance and time are a straight-line estimate, not a road route'),
  precision: z.enum(['zip', 'address']).nullable().describe('How the record\'s address was placed: its ZIP centre or the street address; null before geocoding'),
  error: z.string().nullable().describe('Why this record has no route (e.g. "Address not found"), or null'),
}).meta({ id: 'RoutePreview' });
export type TRoutePreview = z.infer<typeof ZRoutePreviewSchema>;

/** Answer of GET /api/maps/route-previews: the first 25 records (docs/requirements/qr-codes.md#rules). */
export const ZRoutePreviewsSchema = z.object({ previews: z.array(ZRoutePreviewSchema).describe('One entry per record, in list order') });

/** How the routes are drawn: the screen's current Step 2 and 3 settings (docs/requirements/maps.md#api). */
const drawing = {
  projectId: z.uuid({ error: 'Invalid project ID' }).describe('The project'),
  listId: z.uuid({ error: 'Invalid mailing list ID' }).describe('The mailing list'),
  businessLocationId: z.uuid({ error: 'Please select a business location first' }).describe('The business location'),
  mapStyle: z.string().max(64).describe('Map style id'),
  routeColor: z.string().max(64).describe('Route colour, rgba(r,g,b,a)'),
  routeWidth: z.number().int().min(2).max(20).describe('Route width, px'),
  mapWidth: z.number().int().min(300).max(1200).describe('Image width, px'),
  mapHeight: z.number().int().min(300).max(1200).describe('Image height, px'),
  forceRegenerate: z.boolean().optional().describe('Draw again even when a stored map matches these settings'),
  markerSettings: ZMarkerSettingsSchema.nullable().optional().describe('Marker settings to draw with, or null for the stored ones'),
};

/** POST /api/maps/generate-single-route (docs/requirements/maps.md#api). */
export const ZGenerateSingleRouteSchema = z.object({
  ...drawing,
  entryId: z.uuid({ error: 'Invalid entry ID' }).describe('The record to route'),
}).meta({ id: 'GenerateSingleRoute' });
export type TGenerateSingleRoute = z.infer<typeof ZGenerateSingleRouteSchema>;

/** A generated route (docs/requirements/maps.md#data "Generated route response"). */
export const ZGeneratedRouteSchema = z.object({
  route: z.object({
    mapUrl: z.string().describe('URL of the new map image, with a cache-busting timestamp'),
    distance: z.number().describe('Driving distance, metres'),
    duration: z.number().describe('Driving time, seconds'),
    approximate: z.boolean().describe('True for a straight-line estimate'),
  }).describe('The record\'s new route'),
}).meta({ id: 'GeneratedRoute' });

/** POST /api/maps/geocode-entries (docs/requirements/maps.md#api). */
export const ZGeocodeEntriesSchema = z.object({
  listId: z.uuid({ error: 'Invalid mailing list ID' }).describe('The mailing list'),
}).meta({ id: 'GeocodeEntries' });
/** Answer of POST /api/maps/geocode-entries: the preview records placed now; the rest are placed by the generation job. */
export const ZGeocodeResultSchema = z.object({
  total: z.number().int().describe('Records in the list'),
  geocoded: z.number().int().describe('Records placed so far'),
  failed: z.number().int().describe('Records whose address could not be placed'),
});

/** POST /api/maps/generate-routes (docs/requirements/maps.md#api): every record of the list, as a background job. */
export const ZGenerateRoutesSchema = z.object({
  ...drawing,
  processAllEntries: z.boolean().optional().describe('True (the screen always sends it): every record, not only the previews'),
}).meta({ id: 'GenerateRoutes' });
export type TGenerateRoutes = z.infer<typeof ZGenerateRoutesSchema>;

/** A Generate All Routes run over a list (docs/requirements/maps.md#maps: a resumable job with progress). */
export const ZMapGenerationSchema = z.object({
  id: z.string().describe('Generation id'),
  list_id: z.string().describe('The mailing list'),
  status: z.enum(['queued', 'running', 'done', 'failed']).describe('queued → running → done | failed'),
  total: z.number().int().describe('Records to draw'),
  done: z.number().int().describe('Records finished (drawn or failed)'),
  failed: z.number().int().describe('Records without a map (address not found, routing failed)'),
  approximate: z.number().int().describe('Routes that are straight-line estimates'),
  error: z.string().nullable().describe('Why the run failed, or null'),
  created_at: z.string().describe('ISO 8601 start'),
  finished_at: z.string().nullable().describe('ISO 8601 end, or null'),
}).meta({ id: 'MapGeneration' });
export type TMapGeneration = z.infer<typeof ZMapGenerationSchema>;
export const ZMapGenerationAnswerSchema = z.object({ generation: ZMapGenerationSchema.describe('The run') });
