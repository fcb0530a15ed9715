import { IMAGE_MAX_PIXELS, MAP_MESSAGES, MARKER_MESSAGES as MM, MARKER_RULES, type TMarkerSettings } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError, notFound } from '../../platform/errors.js';
import { checkImageHeader } from '../../platform/image-bounds.js';
import type { OwnedFilesReader } from '../../platform/owned-files.js';
import type { Principal } from '../../platform/principal.js';
import { requireFeature } from '../subscriptions/subscriptions.service.js';
import { mapsRepo, type BusinessLocationRow } from './maps.repo.js';

/** Storage key of a location's marker logo (PNG). */
export const markerKey = (locationId: string) => `markers/${locationId}.png`;

/** The marker logos of the accounts' business locations (docs/architecture.md#storage): removed with the account. */
export const accountMarkerFiles: OwnedFilesReader = async (db, userIds) => {
  const files: string[] = [];
  for (const userId of userIds) files.push(...(await mapsRepo.locations(db, userId)).map((l) => markerKey(l.id)));
  return { files, folders: [] };
};

/** The logo's URL for the screen (login required), versioned so a new logo is fetched again. */
const markerUrl = (locationId: string, at: Date) => `/api/maps/markers/${locationId}.png?v=${at.getTime()}`;
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif']);

async function ownedForWrite(ctx: AppContext, principal: Principal, id: string): Promise<BusinessLocationRow> {
  const row = await mapsRepo.locationOwned(ctx.db, principal.userId, id);
  if (!row) throw notFound('Business location');
  await requireFeature(ctx.db, principal, 'maps', MAP_MESSAGES.upgrade);
  return row;
}

const settingsOf = (row: BusinessLocationRow): TMarkerSettings => (row.markerSettings ?? {}) as TMarkerSettings;

/**
 * POST /api/maps/upload-marker: the location's marker logo. The bytes must be a
 * JPEG, PNG, WebP or GIF image under 1 MB (decoded by sharp — the file name and type the browser
 * claims are not trusted; SVG is refused, it could carry scripts); stored as a PNG scaled to fit
 * 256 px, metadata dropped. Offsets in stored units (shown ÷ 4).
 * Answers `{ markerUrl, settings }` with the logo's stored width and height (px).
 * Errors: NOT_FOUND; PAYMENT_REQUIRED; VALIDATION 'Please select an image file (JPEG, PNG, etc.)';
 * PAYLOAD_TOO_LARGE 'Logo image must be smaller than 1MB' (checked by the caller while reading), and
 * PAYLOAD_TOO_LARGE for an image over IMAGE_MAX_PIXELS or IMAGE_MAX_DECODED_BYTES, refused from its
 * header before it is decoded.
 */
export async function uploadMarker(ctx: AppContext, principal: Principal, input: { businessId: string; bytes: Buffer; logoOffsetX: number; logoOffsetY: number }): Promise<{ markerUrl: string; settings: TMarkerSettings }> {
  const row = await ownedForWrite(ctx, principal, input.businessId);
  if (input.bytes.length >= MARKER_RULES.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', MM.tooLarge);
  // The header first: an image over IMAGE_MAX_PIXELS or IMAGE_MAX_DECODED_BYTES is refused (413) undecoded.
  const meta = await checkImageHeader(input.bytes, 'The logo');
  if (!meta?.format || !ACCEPTED.has(meta.format)) throw new AppError('VALIDATION', MM.notImage);
  const { default: sharp } = await import('sharp');
  let png: { data: Buffer; info: { width: number; height: number } };
  try {
    const image = sharp(input.bytes, { limitInputPixels: IMAGE_MAX_PIXELS, animated: false });
    png = await image.rotate().resize(MARKER_RULES.maxLogoPx, MARKER_RULES.maxLogoPx, { fit: 'inside', withoutEnlargement: true }).png().toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError('VALIDATION', MM.notImage);
  }
  await ctx.storage.put(markerKey(row.id), png.data);
  const now = new Date();
  const settings: TMarkerSettings = { ...settingsOf(row), width: png.info.width, height: png.info.height, logoOffsetX: input.logoOffsetX, logoOffsetY: input.logoOffsetY };
  await mapsRepo.updateLocation(ctx.db, row.id, { markerUrl: markerUrl(row.id, now), markerSettings: settings });
  return { markerUrl: markerUrl(row.id, now), settings };
}

/** POST /api/maps/update-marker-position (docs/requirements/maps.md#api): new logo offsets (whole stored units). Answers the marker settings. Errors: NOT_FOUND, PAYMENT_REQUIRED. */
export async function updateMarkerPosition(ctx: AppContext, principal: Principal, input: { businessId: string; logoOffsetX: number; logoOffsetY: number }): Promise<TMarkerSettings> {
  const row = await ownedForWrite(ctx, principal, input.businessId);
  const settings: TMarkerSettings = { ...settingsOf(row), logoOffsetX: input.logoOffsetX, logoOffsetY: input.logoOffsetY };
  await mapsRepo.updateLocation(ctx.db, row.id, { markerSettings: settings });
  return settings;
}

/** DELETE /api/maps/delete-marker/{id} (docs/requirements/maps.md#api): removes the logo; the other marker settings stay. Errors: NOT_FOUND, PAYMENT_REQUIRED. */
export async function deleteMarker(ctx: AppContext, principal: Principal, id: string): Promise<void> {
  const row = await ownedForWrite(ctx, principal, id);
  await ctx.storage.delete(markerKey(row.id));
  const { width: _w, height: _h, ...rest } = settingsOf(row);
  await mapsRepo.updateLocation(ctx.db, row.id, { markerUrl: null, markerSettings: rest });
}

/** GET /api/maps/markers/{id}.png: the owner's marker logo bytes, or NOT_FOUND. */
export async function markerImage(ctx: AppContext, principal: Principal, id: string): Promise<Buffer> {
  const row = await mapsRepo.locationOwned(ctx.db, principal.userId, id);
  if (!row?.markerUrl) throw notFound('Marker');
  return ctx.storage.get(markerKey(row.id));
}

/** The location's logo for drawing maps, or null (none, or its file is gone). */
export async function markerLogo(ctx: AppContext, row: BusinessLocationRow): Promise<Buffer | null> {
  if (!row.markerUrl) return null;
  return ctx.storage.get(markerKey(row.id)).catch(() => null);
}
