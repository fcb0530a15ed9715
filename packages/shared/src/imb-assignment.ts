/**
 * The rules of the Intelligent Mail barcodes the product assigns (docs/requirements/mail-tracking.md#imb-assignment):
 * Mailer ID, Service Type ID and Barcode ID checks, and how a 20–31-digit IMb is put together and read back.
 * Zod-free, so the settings page and the permit form load the rules without the schemas.
 *
 * Layout of an IMb (USPS-B-3200, "Intelligent Mail Barcode 4-State Specification", and the USPS "Intelligent Mail
 * barcode technical resource guide"): Barcode ID (2 digits, the second 0–4) + Service Type ID (3) + Mailer ID
 * (6 or 9) + serial number (9 or 6: MID and serial together are 15 digits) + routing code (0, 5, 9 or 11 digits:
 * ZIP, ZIP+4, ZIP+4+delivery point).
 */

/** What the settings page, the permit form and the server say about these fields. */
export const IMB_MESSAGES = {
  mailerIdFormat: 'A Mailer ID is 6 digits starting with 0–8, or 9 digits starting with 9',
  serviceTypeUnknown: 'Choose a Service Type ID from the list',
  serviceTypeRequired: 'Choose the Service Type ID your IMbs are printed with before setting a Mailer ID',
  barcodeIdFormat: 'The Barcode ID is 2 digits, the second 0–4 (00 when you are not told otherwise)',
} as const;

/** The Barcode ID assigned IMbs carry unless the user chose another: 00, "default / no OEL" (USPS-B-3200). */
export const DEFAULT_IMB_BARCODE_ID = '00';

/**
 * Why `mid` is not a Mailer ID, or null when it is one: 6 digits whose first is 0–8, or 9 digits whose first is 9
 * (USPS "Intelligent Mail barcode technical resource guide": 9-digit MIDs begin with 9, 6-digit MIDs never do).
 */
export function mailerIdProblem(mid: string): string | null {
  return /^[0-8]\d{5}$/.test(mid) || /^9\d{8}$/.test(mid) ? null : IMB_MESSAGES.mailerIdFormat;
}

/** Whether `mid` is a 6- or 9-digit Mailer ID (see `mailerIdProblem`). */
export const isMailerId = (mid: string): boolean => mailerIdProblem(mid) === null;

/** Why `id` is not a Barcode ID, or null: 2 digits, the second 0–4 (USPS-B-3200: the second digit is base 5). */
export function barcodeIdProblem(id: string): string | null {
  return /^\d[0-4]$/.test(id) ? null : IMB_MESSAGES.barcodeIdFormat;
}

/** Whether `id` is a Barcode ID (see `barcodeIdProblem`). */
export const isBarcodeId = (id: string): boolean => barcodeIdProblem(id) === null;

/** A mail class the product's STID list covers. */
export type ImbMailClass = 'First-Class Mail' | 'USPS Marketing Mail';

/**
 * One Service Type ID: its 3 digits, a label naming what it asks for, its mail class, whether the mail is entered
 * Full-Service or Basic (non-automation), and whether the piece's scans (IV-MTR) and electronic address corrections
 * (ACS: OneCode ACS for Basic, Full-Service ACS for Full-Service) are asked for.
 */
export type ImbServiceType = {
  id: string;
  label: string;
  mailClass: ImbMailClass;
  service: 'full' | 'basic';
  ivMtr: boolean;
  acs: boolean;
};

const FCM: ImbMailClass = 'First-Class Mail';
const MKT: ImbMailClass = 'USPS Marketing Mail';
const stid = (id: string, mailClass: ImbMailClass, service: 'full' | 'basic', ivMtr: boolean, corrections: string | null): ImbServiceType => ({
  id,
  mailClass,
  service,
  ivMtr,
  acs: corrections !== null && corrections !== 'manual corrections',
  label: `${id} · ${mailClass}, ${service === 'full' ? 'Full-Service' : 'Basic'}, ${ivMtr ? 'with IV-MTR' : 'no IV-MTR'}, ${corrections ?? 'no address corrections'}`,
});

/**
 * The common Service Type IDs of letters and cards (USPS "Service Type Identifier (STID) Table", PostalPro, effective
 * January 21, 2024): First-Class Mail and USPS Marketing Mail, Basic and Full-Service, each with and without IV-MTR,
 * without address corrections, with manual corrections (printed endorsement, no ACS) and with electronic ACS under
 * "Address Service Requested" option 1 and "Change Service Requested" (First-Class option 2, Marketing Mail option 1).
 * Mailers who need another STID of that table can supply their own `imbno` in the list.
 */
export const IMB_SERVICE_TYPES: readonly ImbServiceType[] = [
  stid('300', FCM, 'basic', false, null),
  stid('310', FCM, 'basic', true, null),
  stid('260', FCM, 'full', false, null),
  stid('270', FCM, 'full', true, null),
  stid('700', FCM, 'basic', false, 'manual corrections'),
  stid('040', FCM, 'basic', true, 'manual corrections'),
  stid('230', FCM, 'basic', false, 'OneCode ACS, Address Service Requested option 1'),
  stid('220', FCM, 'basic', true, 'OneCode ACS, Address Service Requested option 1'),
  stid('082', FCM, 'basic', false, 'OneCode ACS, Change Service Requested option 2'),
  stid('240', FCM, 'basic', true, 'OneCode ACS, Change Service Requested option 2'),
  stid('320', FCM, 'full', false, 'Full-Service ACS, Address Service Requested option 1'),
  stid('314', FCM, 'full', true, 'Full-Service ACS, Address Service Requested option 1'),
  stid('083', FCM, 'full', false, 'Full-Service ACS, Change Service Requested option 2'),
  stid('241', FCM, 'full', true, 'Full-Service ACS, Change Service Requested option 2'),
  stid('301', MKT, 'basic', false, null),
  stid('311', MKT, 'basic', true, null),
  stid('261', MKT, 'full', false, null),
  stid('271', MKT, 'full', true, null),
  stid('702', MKT, 'basic', false, 'manual corrections'),
  stid('042', MKT, 'basic', true, 'manual corrections'),
  stid('090', MKT, 'basic', false, 'OneCode ACS, Address Service Requested option 1'),
  stid('142', MKT, 'basic', true, 'OneCode ACS, Address Service Requested option 1'),
  stid('092', MKT, 'basic', false, 'OneCode ACS, Change Service Requested option 1'),
  stid('242', MKT, 'basic', true, 'OneCode ACS, Change Service Requested option 1'),
  stid('091', MKT, 'full', false, 'Full-Service ACS, Address Service Requested option 1'),
  stid('143', MKT, 'full', true, 'Full-Service ACS, Address Service Requested option 1'),
  stid('093', MKT, 'full', false, 'Full-Service ACS, Change Service Requested option 1'),
  stid('243', MKT, 'full', true, 'Full-Service ACS, Change Service Requested option 1'),
];

/** The Service Type ID `id` of IMB_SERVICE_TYPES, or undefined. */
export const imbServiceType = (id: string): ImbServiceType | undefined => IMB_SERVICE_TYPES.find((s) => s.id === id);

/**
 * How many digits the serial number has under `mid`: 9 with a 6-digit Mailer ID, 6 with a 9-digit one (the two make
 * 15 digits; USPS-B-3200). Throws for a value that is not a Mailer ID.
 */
export function serialDigits(mid: string): 6 | 9 {
  if (!isMailerId(mid)) throw new Error(IMB_MESSAGES.mailerIdFormat);
  return mid.length === 6 ? 9 : 6;
}

/** The parts of an IMb, digits only; `routing` is '', a ZIP (5), ZIP+4 (9) or ZIP+4+delivery point (11). */
export type ImbParts = { barcodeId: string; stid: string; mailerId: string; serial: string; routing: string };

/**
 * The IMb of `parts` as digits (20–31): Barcode ID + STID + MID + serial + routing. `serial` may be a number or
 * fewer digits: it is zero-padded to `serialDigits(mailerId)`. Throws an Error naming the part that does not fit
 * (a Barcode ID, MID or STID out of shape, a serial too long, a routing code not 0, 5, 9 or 11 digits).
 */
export function composeImb(parts: { barcodeId: string; stid: string; mailerId: string; serial: string | number; routing: string }): string {
  const barcodeProblem = barcodeIdProblem(parts.barcodeId);
  if (barcodeProblem) throw new Error(barcodeProblem);
  if (!/^\d{3}$/.test(parts.stid)) throw new Error('The Service Type ID is 3 digits');
  const digits = serialDigits(parts.mailerId);
  const serial = String(parts.serial).padStart(digits, '0');
  if (!/^\d+$/.test(serial) || serial.length !== digits) throw new Error(`The serial number of Mailer ID ${parts.mailerId} has ${digits} digits`);
  if (![0, 5, 9, 11].includes(parts.routing.length) || !/^\d*$/.test(parts.routing)) throw new Error('The routing code is 0, 5, 9 or 11 digits');
  return `${parts.barcodeId}${parts.stid}${parts.mailerId}${serial}${parts.routing}`;
}

/**
 * The parts of IMb `digits` (spaces and dashes ignored), or null when it is not 20 digits plus 0, 5, 9 or 11, or its
 * Barcode ID's second digit is not 0–4. The Mailer ID is 9 digits when it starts with 9, else 6 (USPS-B-3200).
 */
export function parseImb(digits: string): ImbParts | null {
  const d = digits.replace(/[\s-]/g, '');
  if (!/^\d{20}(\d{5}|\d{9}|\d{11})?$/.test(d) || !isBarcodeId(d.slice(0, 2))) return null;
  const midLength = d[5] === '9' ? 9 : 6;
  return { barcodeId: d.slice(0, 2), stid: d.slice(2, 5), mailerId: d.slice(5, 5 + midLength), serial: d.slice(5 + midLength, 20), routing: d.slice(20) };
}

/**
 * The routing code of a piece (docs/requirements/mail-tracking.md#imb-assignment): ZIP + ZIP+4 + delivery point
 * (11 digits) when the address check verified the ZIP+4 (`verifiedZip`, e.g. '70116-2315') and gave a 2-digit
 * `deliveryPoint`; else ZIP + ZIP+4 (9) when the ZIP reads '12345-6789' or 9 digits; else the ZIP (5); else ''.
 */
export function routingCodeOf(zip: string, verified: { zip?: string; deliveryPoint?: string } = {}): string {
  const plus4 = (z: string | undefined) => /^(\d{5})-?(\d{4})$/.exec((z ?? '').trim());
  const checked = plus4(verified.zip);
  if (checked && /^\d{2}$/.test(verified.deliveryPoint ?? '')) return `${checked[1]}${checked[2]}${verified.deliveryPoint}`;
  const own = plus4(zip);
  if (own) return `${own[1]}${own[2]}`;
  const five = /^(\d{5})$/.exec(zip.trim());
  return five ? five[1] : '';
}
