import { doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { projects } from './projects.js';
import { users } from './users.js';

/**
 * A business's location, where its customers' routes lead (spec 001 §3 Business location).
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

/** A project's map configuration (spec 001 §3 Map configuration): one per project. */
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
