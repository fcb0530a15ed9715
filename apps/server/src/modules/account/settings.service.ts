import {
  DEFAULT_IMB_BARCODE_ID, IMB_MESSAGES, MAILER_SIZES, NEW_PROJECT_DEFAULTS, PAPER_SIZES, PERMIT_TYPES, PRODUCT_PERMIT_UNAVAILABLE, SIDES, TEMPLATE_TYPES,
  type TProjectDefaults, type TSettings, type TSettingsUpdate,
} from '@mailcraft/shared';
import type { ProjectDefaults } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Principal } from '../../platform/principal.js';
import { readUserSettings, saveUserSettings } from './account.service.js';

const oneOf = <T extends string>(allowed: readonly T[], value: string | undefined): T | undefined =>
  allowed.includes(value as T) ? (value as T) : undefined;

/**
 * The stored defaults read back (docs/requirements/administration.md#administration /settings), each key falling back to the product's
 * defaults (docs/requirements/workflow.md#workflow-order) when unset or no longer allowed — and the size to the type's first size
 * when the pair does not fit (docs/requirements/projects.md#rules). Without a product permit, 'product' reads as 'none'.
 */
export function presentDefaults(stored: ProjectDefaults, productPermit: boolean): TProjectDefaults {
  const templateType = oneOf(TEMPLATE_TYPES, stored.templateType) ?? NEW_PROJECT_DEFAULTS.template_type;
  const size = oneOf(PAPER_SIZES, stored.paperSize);
  const permit = oneOf(PERMIT_TYPES, stored.permitType) ?? (productPermit ? 'product' : 'none');
  return {
    template_type: templateType,
    paper_size: size && MAILER_SIZES[templateType].includes(size) ? size : MAILER_SIZES[templateType][0],
    sides: oneOf(SIDES, stored.sides) ?? NEW_PROJECT_DEFAULTS.sides,
    permit_type: permit === 'product' && !productPermit ? 'none' : permit,
  };
}

/**
 * GET /api/account/settings (docs/requirements/administration.md#administration): the time zone (null = the browser's), the defaults for
 * new projects, whether the server offers its own permit, the short-link base URL (PUBLIC_URL), and the Mailer ID,
 * Service Type ID and Barcode ID of assigned IMbs (docs/requirements/mail-tracking.md#imb-assignment; the Barcode ID '00' when unset).
 */
export async function getSettings(ctx: AppContext, principal: Principal): Promise<TSettings> {
  const stored = await readUserSettings(ctx.db, principal);
  const productPermit = !!ctx.config.productPermit;
  return {
    time_zone: stored.timeZone,
    project_defaults: presentDefaults(stored.projectDefaults, productPermit),
    product_permit: productPermit,
    short_link_base_url: ctx.config.publicUrl.replace(/\/+$/, ''),
    mailer_id: stored.mailerId,
    imb_service_type_id: stored.imbServiceTypeId,
    imb_barcode_id: stored.imbBarcodeId ?? DEFAULT_IMB_BARCODE_ID,
  };
}

/**
 * PUT /api/account/settings (docs/requirements/administration.md#administration): stores the time zone (normalised, e.g. 'utc' → 'UTC')
 * and the new-project defaults, validated by ZSettingsUpdateSchema (unknown zone, a size the type
 * does not offer → 400; permit type 'product' on a server without its own permit → 400
 * PRODUCT_PERMIT_UNAVAILABLE), and the mail-tracking settings sent (docs/requirements/mail-tracking.md#imb-assignment: a Mailer
 * ID of 6 or 9 digits, a listed Service Type ID, a Barcode ID; those left out keep their stored values). A Mailer ID
 * without a Service Type ID, sent or stored, is refused: 400 IMB_MESSAGES.serviceTypeRequired. Answers the settings as GET does.
 */
export async function saveSettings(ctx: AppContext, principal: Principal, input: TSettingsUpdate): Promise<TSettings> {
  const d = input.project_defaults;
  if (d.permit_type === 'product' && !ctx.config.productPermit) throw new AppError('VALIDATION', PRODUCT_PERMIT_UNAVAILABLE);
  const timeZone = input.time_zone === null ? null : new Intl.DateTimeFormat('en-US', { timeZone: input.time_zone }).resolvedOptions().timeZone;
  const imb = {
    ...(input.mailer_id !== undefined ? { mailerId: input.mailer_id } : {}),
    ...(input.imb_service_type_id !== undefined ? { imbServiceTypeId: input.imb_service_type_id } : {}),
    ...(input.imb_barcode_id !== undefined ? { imbBarcodeId: input.imb_barcode_id } : {}),
  };
  if (Object.keys(imb).length > 0) {
    const merged = { ...(await readUserSettings(ctx.db, principal)), ...imb };
    if (merged.mailerId && !merged.imbServiceTypeId) {
      throw new AppError('VALIDATION', IMB_MESSAGES.serviceTypeRequired, [{ message: IMB_MESSAGES.serviceTypeRequired, path: '/imb_service_type_id' }]);
    }
  }
  await saveUserSettings(ctx.db, principal, {
    timeZone,
    projectDefaults: { templateType: d.template_type, paperSize: d.paper_size, sides: d.sides, permitType: d.permit_type },
    ...imb,
  });
  return getSettings(ctx, principal);
}
