import { DEFAULT_IMB_BARCODE_ID } from '@mailcraft/shared';
import type { Db } from '../../db/client.js';
import type { Principal } from '../../platform/principal.js';

/** An account's mail-tracking settings as stored (the account module's `readImbSettings`). */
export type AccountImbSettings = { mailerId: string | null; imbServiceTypeId: string | null; imbBarcodeId: string | null };

/** What the IMbs of a print file are made of: Barcode ID, Service Type ID and Mailer ID (docs/requirements/mail-tracking.md#imb-assignment). */
export type ImbSettings = { barcodeId: string; stid: string; mailerId: string };

type SettingsReader = (db: Db, principal: Principal) => Promise<AccountImbSettings>;
let readSettings: SettingsReader | null = null;

/**
 * Registers how an account's mail-tracking settings are read (modules/index.ts passes the account module's
 * `readImbSettings`): the account module imports print for its data export, so print, and this module it calls, read
 * the settings through this function instead of importing the account module.
 */
export function registerImbSettingsReader(read: SettingsReader): void {
  readSettings = read;
}

/**
 * The IMb settings print files of the principal use (docs/requirements/mail-tracking.md#imb-assignment), or null when IMbs
 * are not assigned: the account has no Mailer ID or no Service Type ID. The project's permit's Mailer ID
 * (`permitMailerId`, a mail owner other than the account) replaces the account's; the Barcode ID is '00' when unset.
 * Throws when no reader was registered (modules/index.ts not loaded).
 */
export async function imbSettingsFor(db: Db, principal: Principal, permitMailerId: string | null): Promise<ImbSettings | null> {
  if (!readSettings) throw new Error('The mail-tracking settings reader is not registered (modules/index.ts)');
  const s = await readSettings(db, principal);
  if (!s.mailerId || !s.imbServiceTypeId) return null;
  return { barcodeId: s.imbBarcodeId ?? DEFAULT_IMB_BARCODE_ID, stid: s.imbServiceTypeId, mailerId: permitMailerId ?? s.mailerId };
}
