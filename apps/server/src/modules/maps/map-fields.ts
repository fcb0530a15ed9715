import { printedDistance, printedDuration } from '@mailcraft/shared/designs';
import type { AppContext } from '../../platform/context.js';
import { mapRoutesRepo } from './map-routes.repo.js';
import { mapImageUrl } from './route-drawing.js';

/** A record's drawn route as the map fields need it. */
export type RouteForFields = { distance: number; duration: number; imageToken: string };

/**
 * The maps merge fields of a record (docs/requirements/maps.md#data "Map data per record"; QR Maps Fields, notification
 * variables, print): `distance` in whole metres and `duration` in whole seconds as strings (the QR
 * configuration converts them to the formats of docs/requirements/maps.md#limits), `map_image` the public URL of its map.
 * Empty for a record without a drawn map.
 */
export function mapFieldValues(route: RouteForFields | null | undefined, publicUrl: string): Record<string, string> {
  if (!route) return {};
  return { distance: String(Math.round(route.distance)), duration: String(Math.round(route.duration)), map_image: mapImageUrl(publicUrl, route.imageToken) };
}

/**
 * The maps fields of records as a mail piece prints them (docs/requirements/maps.md#maps): `distance` ('3.2 mi'),
 * `duration` ('12 min') and, with `images`, `map_image` as a PNG data URL read from storage (what
 * pdfme's image element takes). Records without a drawn map are absent: their pieces print no map.
 */
export async function printMapFields(ctx: Pick<AppContext, 'db' | 'storage'>, recordIds: string[], { images }: { images: boolean }): Promise<Map<string, Record<string, string>>> {
  const routes = await mapRoutesRepo.byRecords(ctx.db, recordIds);
  const out = new Map<string, Record<string, string>>();
  await Promise.all([...routes.values()].map(async (r) => {
    if (r.distance == null || r.duration == null || !r.imageKey) return;
    const fields: Record<string, string> = { distance: printedDistance(r.distance), duration: printedDuration(r.duration) };
    if (images) {
      const png = await ctx.storage.get(r.imageKey).catch(() => null);
      if (png) fields.map_image = `data:image/png;base64,${png.toString('base64')}`;
    }
    out.set(r.recordId, fields);
  }));
  return out;
}
