import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { mailingListRecords, mailingLists } from './mailing-lists.js';
import { projects } from './projects.js';
import { users } from './users.js';

/**
 * A business's location, where its customers' routes lead (docs/requirements/maps.md#business-location location).
 * `precision` says how the position was found: 'zip' (the offline geocoder's ZIP centroid),
 * 'address' (an address geocoder) or 'pin' (placed by the user on the map).
 */
export const businessLocations = pgTable('business_locations', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  address: text('address').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  zip: text('zip').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  precision: text('precision').$type<'zip' | 'address' | 'pin'>().notNull(),
  markerUrl: text('marker_url'),
  markerSettings: jsonb('marker_settings').$type<Record<string, unknown>>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('business_locations_user_idx').on(t.userId)]);

/** A project's map configuration (docs/requirements/maps.md#map-configuration configuration): one per project. */
export const mapConfigs = pgTable('map_configs', {
  projectId: uuid('project_id').primaryKey().references(() => projects.id, { onDelete: 'cascade' }),
  businessLocationId: uuid('business_location_id').references(() => businessLocations.id, { onDelete: 'set null' }),
  mapStyle: text('map_style').notNull(),
  routeColor: text('route_color').notNull(),
  routeWidth: integer('route_width').notNull(),
  routeTransparency: integer('route_transparency').notNull(),
  mapWidth: integer('map_width').notNull(),
  mapHeight: integer('map_height').notNull(),
  orientation: text('orientation').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A record's route to the business (docs/requirements/maps.md#data "Map data per record"): where the record's address
 * was placed, the route's `distance` (metres) and `duration` (seconds), and its map image
 * (`image_key` in storage, served publicly at /maps/i/{image_token}.png so QR links and messages
 * can carry it). `settings_hash` names the drawing settings the image was made with.
 */
export const mapRoutes = pgTable('map_routes', {
  recordId: uuid('record_id').primaryKey().references(() => mailingListRecords.id, { onDelete: 'cascade' }),
  listId: uuid('list_id').notNull().references(() => mailingLists.id, { onDelete: 'cascade' }),
  locationId: uuid('location_id').references(() => businessLocations.id, { onDelete: 'set null' }),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  precision: text('precision').$type<'zip' | 'address'>(),
  distance: doublePrecision('distance'),
  duration: doublePrecision('duration'),
  approximate: boolean('approximate').notNull().default(false),
  imageKey: text('image_key'),
  imageToken: text('image_token').unique(),
  settingsHash: text('settings_hash'),
  error: text('error'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('map_routes_list_idx').on(t.listId)]);

/** Geocoder answers per normalised address and provider, so an address is looked up once (docs/requirements/maps.md#maps). */
export const geocodeCache = pgTable('geocode_cache', {
  key: text('key').primaryKey(),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  precision: text('precision').$type<'zip' | 'address'>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A Generate All Routes run over a list (docs/requirements/maps.md#maps): a background job with progress. `settings`
 * holds the drawing settings it was started with; records updated before `created_at` are still
 * to do, so a run that died resumes where it stopped. `run_id`/`heartbeat_at` as print jobs.
 */
export const mapGenerations = pgTable('map_generations', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  projectId: uuid('project_id').notNull().references(() => projects.id, { onDelete: 'cascade' }),
  listId: uuid('list_id').notNull().references(() => mailingLists.id, { onDelete: 'cascade' }),
  status: text('status').$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
  total: integer('total').notNull().default(0),
  done: integer('done').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  approximate: integer('approximate').notNull().default(0),
  error: text('error'),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  runId: uuid('run_id'),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
}, (t) => [index('map_generations_list_idx').on(t.listId, t.createdAt)]);
