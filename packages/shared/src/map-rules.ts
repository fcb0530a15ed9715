/**
 * Personalised route maps (docs/requirements/maps.md#business-location location and Map configuration, §5, §8, §9):
 * styles, orientation presets, limits, defaults and messages, written once for the server and
 * the web app, apart from the zod schemas of maps.ts (docs/requirements/workflow.md#clear-states-and-fast-pages: pages load zod only to validate).
 */

/** Map style identifiers (docs/requirements/maps.md#limits); any other identifier is labelled 'Streets Clean'. */
export const MAP_STYLES = ['streets-clean', 'streets-dark'] as const;
export type MapStyle = (typeof MAP_STYLES)[number];
/** The label of a map style id (docs/requirements/maps.md#limits). */
export const mapStyleLabel = (style: string): string => (style === 'streets-dark' ? 'Streets Dark' : 'Streets Clean');

/** Orientation presets in px (docs/requirements/maps.md#limits); custom starts at 900x600 and is free within the limits. */
export const MAP_ORIENTATIONS = {
  horizontal: { width: 900, height: 600 },
  vertical: { width: 600, height: 900 },
  square: { width: 600, height: 600 },
  custom: { width: 900, height: 600 },
} as const;
export type MapOrientation = keyof typeof MAP_ORIENTATIONS;

/** Limits of a map configuration (docs/requirements/qr-codes.md#rules): size 300–1200 px in steps of 50, route 2–20 px, transparency 0–85 %. */
export const MAP_LIMITS = {
  size: { min: 300, max: 1200, step: 50 },
  routeWidth: { min: 2, max: 20 },
  transparency: { min: 0, max: 85 },
  /** A state is a 2-letter code (docs/requirements/qr-codes.md#rules new location). */
  stateLength: 2,
} as const;

/** A new project's map configuration (docs/requirements/maps.md#limits). */
export const MAP_DEFAULTS = {
  map_style: 'streets-clean' as MapStyle,
  route_color: 'rgba(15,83,254,0.78)',
  route_width: 12,
  route_transparency: 22,
  map_width: 600,
  map_height: 900,
  orientation: 'vertical' as MapOrientation,
};

/** Validation, failure and success messages of the maps screen (docs/requirements/qr-codes.md#rules). */
export const MAP_MESSAGES = {
  locationRequired: 'Name, address, city, state and ZIP are all required',
  stateLength: 'State must be a 2-letter code',
  selectLocation: 'Please select a business location first',
  fetchLocationsFailed: 'Failed to fetch business locations',
  createLocationFailed: 'Failed to create location',
  saveLocationFailed: 'Failed to save location',
  loadConfigFailed: 'Failed to load map configuration',
  saveConfigFailed: 'Failed to save configuration',
  locationCreated: 'Business location created successfully!',
  locationSaved: 'Business location saved successfully!',
  configSaved: 'Map configuration saved successfully!',
  upgrade: 'You need to upgrade your plan to save map configurations',
  unsaved: 'You have unsaved changes. Click "Save Business Location" to keep your updates.',
  mapTimedOut: 'Map loading timed out',
  mapBroken: 'An error occurred while loading the map',
  mapLibrary: 'Failed to load map library',
  mapDependencies: 'Missing required map dependencies',
  loadDataFailed: 'Failed to load data',
  /** Not in the spec: an offset change the server refused. */
  positionFailed: 'Failed to update marker position',
  /** Not in the spec: the offline geocoder finds places by ZIP code only. */
  zipUnknown: 'No place found for this ZIP code',
  /** Not in the spec: an address geocoder found nothing. */
  addressUnknown: 'No place found for this address',
} as const;

/** Metres → miles, two decimals, as the route preview shows them (docs/requirements/maps.md#limits: metres ÷ 1609.34). */
export const metresToMiles = (metres: number): string => (metres / 1609.34).toFixed(2);
/** Seconds → whole minutes, rounded down, as the route preview shows them (docs/requirements/maps.md#limits). */
export const secondsToMinutes = (seconds: number): number => Math.floor(seconds / 60);

/** Marker logo rules (docs/requirements/qr-codes.md#rules): image files under 1 MB; offsets are whole numbers, shown ÷ 4. */
export const MARKER_RULES = {
  maxBytes: 1024 * 1024,
  /** Displayed offset = stored offset / 4 (docs/requirements/maps.md#limits). */
  offsetScale: 4,
  /** The marker is drawn 32 px wide on the screen's map (docs/requirements/maps.md#limits). */
  displayPx: 32,
  /** Stored offsets are clamped to ±this many units (server-side resource limit; not in the spec). */
  maxOffset: 400,
  /** Position changes are sent this long after the last one (ms, docs/requirements/maps.md#api). */
  debounceMs: 500,
  /** Marker logos are scaled to fit this many px on the server (not in the spec). */
  maxLogoPx: 256,
  /** The logo's size on a map image, px (not in the spec). */
  logoSize: { min: 16, max: 128, default: 48 },
  /** The pin's colour until one is chosen. */
  defaultColor: '#e11d48',
  /** Label fonts a map image can be drawn with: the server's built-in fonts (Helvetica is served by Arimo). */
  fonts: ['Helvetica', 'Roboto'],
} as const;

/** The screen's interactive map (docs/requirements/maps.md#limits): load time-out 15 s, health check every 10 s, zoom 16; generation progress polled every second. */
export const MAP_SCREEN = { loadTimeoutMs: 15_000, healthCheckMs: 10_000, zoom: 16, generationPollMs: 1_000 } as const;

/** Marker logo, route preview and generation messages (docs/requirements/qr-codes.md#rules). */
export const MARKER_MESSAGES = {
  notImage: 'Please select an image file (JPEG, PNG, etc.)',
  tooLarge: 'Logo image must be smaller than 1MB',
  noLogo: 'No logo image to upload',
  uploadFailed: 'Failed to upload business marker',
  deleteFailed: 'Failed to delete business marker',
  uploaded: 'Business marker uploaded successfully!',
  positionUpdated: 'Marker position updated successfully!',
  deleted: 'Business marker deleted successfully!',
} as const;

/** Route preview errors (docs/requirements/maps.md#messages previews): the server's words and the screen's prefixes. */
export const ROUTE_MESSAGES = {
  fetchFailed: 'Failed to fetch route previews',
  fetchShownAs: 'Failed to load route previews: ',
  generateFailed: 'Failed to generate route',
  generateShownAs: 'Failed to generate route: ',
  geocodeFailed: 'Failed to geocode entries',
  generateAllFailed: 'Failed to generate routes',
  generateAllShownAs: 'Failed to generate routes: ',
  refreshFailed: 'Failed to refresh route previews',
  imageFailed: 'Failed to load map image. Try regenerating the map.',
  empty: 'No route previews available.',
  /** Not in the spec: a record whose address could not be placed. */
  notGeocoded: 'Address not found',
  /** Not in the spec: the list's mapping has no ZIP or address column. */
  noAddress: 'Map the list\'s address columns (address, city, state, ZIP) first',
} as const;

/**
 * The offline router's straight-line estimate, used when no road network covers both points
 * (docs/requirements/maps.md#maps Providers): the great-circle distance × a road-detour factor (circuity ≈ 1.3 for US road
 * networks, Ballou et al. 2002), driven at an average urban-suburban speed.
 */
export const STRAIGHT_LINE_ESTIMATE = { detourFactor: 1.3, metresPerSecond: 40 / 3.6 } as const;
