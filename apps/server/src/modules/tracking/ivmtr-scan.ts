import { IANAZone } from 'luxon';
import { IVMTR_FIELD_ALIASES, ivmtrFieldKey, ivmtrStage, parseImb, type IvmtrField, type MailStage } from '@mailcraft/shared';
import { AppError } from '../../platform/errors.js';

/**
 * One IV-MTR piece scan read and checked (docs/requirements/mail-tracking.md#scan-data): the IMb split into Mailer ID,
 * serial and routing code, the scan time as an instant with the zone it was given in, the facility, the operation
 * code as it came and its normalised stage (shared `ivmtrStage`).
 */
export type ScanRow = {
  imb: string;
  mailerId: string;
  serial: string;
  routing: string;
  operationCode: string;
  stage: MailStage;
  occurredAt: Date;
  /** The zone or offset the time was read in: the feed's own, or the facility state's main zone; null when read as UTC. */
  timeZone: string | null;
  facilityZip: string | null;
  facilityCity: string | null;
  facilityState: string | null;
};

/** A bad scan of a batch: UNPROCESSABLE (422) with a message naming its line ('Line 7: the scan time "soon" is not a date'). */
export const scanError = (where: string, what: string): AppError => new AppError('UNPROCESSABLE', `${where}: ${what}`);

/** Longest text kept of a facility field (longer values are cut, not refused). */
const TEXT_MAX = 100;

/**
 * The main time zone of each US state and territory, for a scan time given without a zone (the facility's local time):
 * states spanning two zones (TX, FL, KY, TN, IN, MI, ND, SD, NE, KS, ID, OR, AK) get the zone most of their people live
 * in. The zone is stored with the event, so a reader sees what it was read in.
 */
const STATE_ZONES: Record<string, string> = {
  AL: 'America/Chicago', AK: 'America/Anchorage', AZ: 'America/Phoenix', AR: 'America/Chicago', CA: 'America/Los_Angeles',
  CO: 'America/Denver', CT: 'America/New_York', DE: 'America/New_York', DC: 'America/New_York', FL: 'America/New_York',
  GA: 'America/New_York', HI: 'Pacific/Honolulu', ID: 'America/Boise', IL: 'America/Chicago', IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago', KS: 'America/Chicago', KY: 'America/New_York', LA: 'America/Chicago', ME: 'America/New_York',
  MD: 'America/New_York', MA: 'America/New_York', MI: 'America/Detroit', MN: 'America/Chicago', MS: 'America/Chicago',
  MO: 'America/Chicago', MT: 'America/Denver', NE: 'America/Chicago', NV: 'America/Los_Angeles', NH: 'America/New_York',
  NJ: 'America/New_York', NM: 'America/Denver', NY: 'America/New_York', NC: 'America/New_York', ND: 'America/Chicago',
  OH: 'America/New_York', OK: 'America/Chicago', OR: 'America/Los_Angeles', PA: 'America/New_York', RI: 'America/New_York',
  SC: 'America/New_York', SD: 'America/Chicago', TN: 'America/Chicago', TX: 'America/Chicago', UT: 'America/Denver',
  VT: 'America/New_York', VA: 'America/New_York', WA: 'America/Los_Angeles', WV: 'America/New_York', WI: 'America/Chicago',
  WY: 'America/Denver', PR: 'America/Puerto_Rico', VI: 'America/St_Thomas', GU: 'Pacific/Guam', AS: 'Pacific/Pago_Pago',
  MP: 'Pacific/Saipan', AA: 'America/New_York', AE: 'UTC', AP: 'UTC',
};

/** The main IANA time zone of a US state or territory (2 letters), or null. */
export const stateZone = (state: string | null | undefined): string | null => (state ? STATE_ZONES[state.toUpperCase()] ?? null : null);

/** US zone abbreviations a feed may give, as fixed UTC offsets in minutes. */
const ZONE_ABBREVIATIONS: Record<string, number> = {
  UTC: 0, GMT: 0, Z: 0, EST: -300, EDT: -240, CST: -360, CDT: -300, MST: -420, MDT: -360, PST: -480, PDT: -420,
  AKST: -540, AKDT: -480, HST: -600, AST: -240, CHST: 600, SST: -660,
};

/** A time zone as given: an IANA zone, a US abbreviation or a UTC offset ("-05:00", "-0500", "UTC-5"). */
type Zone = { name: string; offset: (utcMs: number) => number };
const zones = new Map<string, Zone | null>();

/** The zone named `name`, or null when it is none of the accepted forms (cached per name). */
function zoneOf(name: string): Zone | null {
  const cached = zones.get(name);
  if (cached !== undefined) return cached;
  let zone: Zone | null = null;
  const abbreviation = ZONE_ABBREVIATIONS[name.toUpperCase()];
  const offset = /^(?:UTC|GMT)?([+-])(\d{1,2})(?::?(\d{2}))?$/i.exec(name);
  if (abbreviation !== undefined) zone = { name: name.toUpperCase(), offset: () => abbreviation };
  else if (offset) {
    const minutes = (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3] ?? 0));
    if (Math.abs(minutes) <= 14 * 60) zone = { name, offset: () => minutes };
  } else if (IANAZone.isValidZone(name)) {
    const iana = IANAZone.create(name);
    // Offsets change at most a few times a year: cached per zone and hour.
    const hours = new Map<number, number>();
    zone = {
      name: iana.name,
      offset: (utcMs) => {
        const hour = Math.floor(utcMs / 3_600_000);
        let o = hours.get(hour);
        if (o === undefined) {
          o = iana.offset(utcMs);
          if (hours.size > 10_000) hours.clear();
          hours.set(hour, o);
        }
        return o;
      },
    };
  }
  zones.set(name, zone);
  return zone;
}

/** The UTC offset ("-05:00") of an instant in `zone`, for naming the zone of a fixed offset. */
const offsetName = (minutes: number) => `${minutes < 0 ? '-' : '+'}${String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0')}:${String(Math.abs(minutes) % 60).padStart(2, '0')}`;

const ISO_LIKE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([AP])\.?M\.?)?)?$/i;
const COMPACT = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?$/;

/** Calendar fields of a scan time, before its zone is applied. */
type LocalTime = { y: number; mo: number; d: number; h: number; mi: number; s: number; ms: number; offset: string | null };

/** The fields of `text` in one of the accepted forms, or null (ISO 8601 with or without offset, MM/DD/YYYY [h:mm[:ss] [AM|PM]], YYYYMMDDhhmm[ss]). */
function localTimeOf(text: string): LocalTime | null {
  let m = ISO_LIKE.exec(text);
  if (m) {
    return {
      y: +m[1], mo: +m[2], d: +m[3], h: +(m[4] ?? 0), mi: +(m[5] ?? 0), s: +(m[6] ?? 0),
      ms: m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0, offset: m[8] ?? null,
    };
  }
  m = US_DATE.exec(text);
  if (m) {
    let h = +(m[4] ?? 0);
    if (m[7]) {
      if (h < 1 || h > 12) return null;
      h = (h % 12) + (m[7].toUpperCase() === 'P' ? 12 : 0);
    }
    return { y: +m[3], mo: +m[1], d: +m[2], h, mi: +(m[5] ?? 0), s: +(m[6] ?? 0), ms: 0, offset: null };
  }
  m = COMPACT.exec(text);
  if (m) return { y: +m[1], mo: +m[2], d: +m[3], h: +m[4], mi: +m[5], s: +(m[6] ?? 0), ms: 0, offset: null };
  return null;
}

/**
 * The instant of a scan time and the zone it was read in: an explicit offset or `Z` wins (the zone named by the
 * feed, if any, is kept for display); otherwise the time is the facility's local time in `zoneName` (the feed's zone)
 * or else in the facility state's main zone, or UTC when neither is known. Years 2000–2100 only.
 * Throws UNPROCESSABLE naming `where` for a time that is not a date or a zone that is not known.
 */
export function scanTime(text: string, zoneName: string | undefined, state: string | null, where: string): { at: Date; zone: string | null } {
  const t = localTimeOf(text);
  const valid = t && t.y >= 2000 && t.y <= 2100 && t.mo >= 1 && t.mo <= 12 && t.d >= 1 && t.d <= 31 && t.h <= 23 && t.mi <= 59 && t.s <= 60;
  if (!valid) throw scanError(where, `the scan time "${text}" is not a date`);
  const given = zoneName ? zoneOf(zoneName) : null;
  if (zoneName && !given) throw scanError(where, `the time zone "${zoneName}" is not known`);
  const local = Date.UTC(t.y, t.mo - 1, t.d, t.h, t.mi, Math.min(t.s, 59), t.ms);
  // Date.UTC rolls 31 February over to March: a day past the month's end is not a date.
  if (new Date(local).getUTCDate() !== t.d) throw scanError(where, `the scan time "${text}" is not a date`);
  if (t.offset) {
    const offset = t.offset.toUpperCase() === 'Z' ? 0 : zoneOf(t.offset)!.offset(0);
    return { at: new Date(local - offset * 60_000), zone: given?.name ?? (offset === 0 ? 'UTC' : offsetName(offset)) };
  }
  const zone = given ?? (state ? zoneOf(STATE_ZONES[state.toUpperCase()] ?? '') : null);
  if (!zone) return { at: new Date(local), zone: null };
  const first = local - zone.offset(local) * 60_000;
  return { at: new Date(local - zone.offset(first) * 60_000), zone: zone.name };
}

/** `at` as ISO 8601 in `zone` with its offset (2024-03-04T07:12:00-06:00), or null when the zone is unknown. */
export function localTimeIn(at: Date, zone: string | null): string | null {
  const z = zone ? zoneOf(zone) : null;
  if (!z) return null;
  const offset = z.offset(at.getTime());
  return `${new Date(at.getTime() + offset * 60_000).toISOString().slice(0, 19)}${offset === 0 ? 'Z' : offsetName(offset)}`;
}

/** A field's value as trimmed text, or undefined when empty or absent. Numbers are written out; other types are refused. */
function textOf(value: unknown, where: string, field: string): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  if (typeof value !== 'string') throw scanError(where, `${field} must be text`);
  const t = value.trim();
  return t === '' ? undefined : t;
}

/**
 * The IV-MTR fields of one record, keyed by their data-dictionary names whatever spelling the record used
 * (shared IVMTR_FIELD_ALIASES); fields the product does not read are left out.
 */
export function ivmtrFields(record: Record<string, unknown>): Partial<Record<IvmtrField, unknown>> {
  const out: Partial<Record<IvmtrField, unknown>> = {};
  for (const key in record) {
    const field = IVMTR_FIELD_ALIASES[ivmtrFieldKey(key)];
    if (field && out[field] === undefined) out[field] = record[key];
  }
  return out;
}

/**
 * Reads one IV-MTR piece scan (`fields` as `ivmtrFields` answers them) into a ScanRow. `where` names it in errors
 * ('Line 7', 'Scan 3'). Required: the IMb (`imb`, or `imbTrackingCode` + `imbRoutingCode`: 20 digits + 0/5/9/11) and
 * the scan time. Errors (UNPROCESSABLE): '{where}: the IMb is missing', '… the IMb "x" is not an Intelligent Mail barcode (…)',
 * '… the scan time is missing', '… the scan time "x" is not a date', '… the time zone "x" is not known', '… {field} must be text'.
 */
export function readScan(fields: Partial<Record<IvmtrField, unknown>>, where: string): ScanRow {
  const text = (f: IvmtrField) => textOf(fields[f], where, f);
  if (typeof fields.imb === 'number') throw scanError(where, 'the IMb must be written as text (a number loses its digits)');
  const given = text('imb') ?? (text('imbTrackingCode') ? `${text('imbTrackingCode')}${text('imbRoutingCode') ?? ''}` : undefined);
  if (!given) throw scanError(where, 'the IMb is missing');
  const imb = given.replace(/[\s-]/g, '');
  const parts = parseImb(imb);
  if (!parts) throw scanError(where, `the IMb "${given.slice(0, 40)}" is not an Intelligent Mail barcode (20 digits and a 0, 5, 9 or 11-digit routing code)`);
  const when = text('scanDatetime');
  if (!when) throw scanError(where, 'the scan time is missing');
  const cut = (v: string | undefined) => (v ? v.slice(0, TEXT_MAX) : null);
  const facilityState = cut(text('scanFacilityState'))?.toUpperCase() ?? null;
  const { at, zone } = scanTime(when.slice(0, 40), text('scanTimeZone'), facilityState, where);
  const operationCode = (text('scanEventCode') ?? '').slice(0, 20).toUpperCase();
  const stage = ivmtrStage({
    scanEventCode: operationCode, handlingEventType: text('handlingEventType'), handlingEventTypeDescription: text('handlingEventTypeDescription'),
    mailPhase: text('mailPhase'), scanEventDescription: text('scanEventDescription'), ldeDeliveryMode: text('ldeDeliveryMode'),
    ldeTriggerMethod: text('ldeTriggerMethod'),
  });
  return {
    imb, mailerId: parts.mailerId, serial: parts.serial, routing: parts.routing, operationCode, stage, occurredAt: at, timeZone: zone,
    facilityZip: cut(text('scanFacilityZip')), facilityCity: cut(text('scanFacilityCity')), facilityState,
  };
}
