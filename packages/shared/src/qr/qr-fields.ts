/**
 * The record fields a QR destination URL can carry, by group, with their default query parameter
 * names (docs/requirements/maps.md#data "Field groups and default parameter names"). Keys are the mapping target
 * fields of docs/requirements/projects.md#data (so `company_name`, whose default parameter is `company`), plus the maps
 * fields of docs/requirements/maps.md#data "Map data per record".
 */
export const QR_FIELD_GROUPS = [
  {
    key: 'mailing_list',
    title: 'Mailing List Fields',
    fields: {
      first_name: 'fname', middle_name: 'mname', last_name: 'lname', full_name: 'full_name',
      company_name: 'company', email: 'email', address: 'address1', address_2: 'address2', city: 'city',
      state: 'state', zip: 'zip', city_state_zip: 'csz', record_id: 'record_id',
    },
  },
  {
    key: 'custom',
    title: 'Custom Fields',
    fields: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`custom_${i + 1}`, `custom${i + 1}`])),
  },
  {
    key: 'usps',
    title: 'USPS Fields',
    fields: {
      no: 'no', ase: 'ase', oel: 'oel', presorttrayid: 'trayid', presortdate: 'sortdate', imbno: 'imb',
      encodedimbno: 'encodedimbno',
    },
  },
  {
    key: 'maps',
    title: 'Maps Fields',
    fields: { map_image: 'map_image', distance: 'distance', duration: 'duration' },
  },
] as const satisfies ReadonlyArray<{ key: string; title: string; fields: Record<string, string> }>;

/** Field → default query parameter name, all groups. */
export const QR_DEFAULT_PARAMS: Readonly<Record<string, string>> = Object.assign(
  {},
  ...QR_FIELD_GROUPS.map((g) => g.fields),
);

/** Every field a QR configuration may select. */
export const QR_FIELDS: readonly string[] = Object.keys(QR_DEFAULT_PARAMS);

/** USPS fields keep their value as printed: no capitalization (docs/requirements/projects.md#rules). */
export const isQrUspsField = (field: string): boolean => QR_FIELD_GROUPS[2].fields[field as keyof (typeof QR_FIELD_GROUPS)[2]['fields']] !== undefined;

/**
 * Distance formats (docs/requirements/maps.md#limits), from metres: meters, kilometers, kilometers with one decimal,
 * miles, miles with one decimal (1 mile = 1609.344 m).
 */
export const DISTANCE_CONVERSIONS = ['meters', 'kilometers', 'kilometers_1', 'miles', 'miles_1'] as const;
/**
 * Duration formats (docs/requirements/maps.md#limits), from seconds: seconds, minutes rounded, minutes at half-minute
 * precision, minutes and seconds ('12m 30s'), hours and minutes ('1h 05m').
 */
export const DURATION_CONVERSIONS = ['seconds', 'minutes', 'minutes_half', 'minutes_seconds', 'hours_minutes'] as const;
export type DistanceConversion = (typeof DISTANCE_CONVERSIONS)[number];
export type DurationConversion = (typeof DURATION_CONVERSIONS)[number];
export type QrConversion = DistanceConversion | DurationConversion;

/** Labels of the conversions for the screen. */
export const CONVERSION_LABELS: Record<QrConversion, string> = {
  meters: 'Meters', kilometers: 'Kilometers', kilometers_1: 'Kilometers (1 decimal)', miles: 'Miles',
  miles_1: 'Miles (1 decimal)', seconds: 'Seconds', minutes: 'Minutes (rounded)',
  minutes_half: 'Minutes (half-minute precision)', minutes_seconds: 'Minutes and seconds', hours_minutes: 'Hours and minutes',
};

/** The conversions a field offers: distance and duration only. */
export function conversionsOf(field: string): readonly QrConversion[] {
  if (field === 'distance') return DISTANCE_CONVERSIONS;
  if (field === 'duration') return DURATION_CONVERSIONS;
  return [];
}

const METRES_PER_MILE = 1609.344;

/**
 * A distance in metres or a duration in seconds (a numeric string) in `conversion`'s format.
 * A value that is not a number, or no conversion, comes back unchanged.
 */
export function convertValue(value: string, conversion: QrConversion | undefined): string {
  const n = Number(value);
  if (!conversion || value.trim() === '' || !Number.isFinite(n)) return value;
  switch (conversion) {
    case 'meters': return String(Math.round(n));
    case 'kilometers': return String(Math.round(n / 1000));
    case 'kilometers_1': return (n / 1000).toFixed(1);
    case 'miles': return String(Math.round(n / METRES_PER_MILE));
    case 'miles_1': return (n / METRES_PER_MILE).toFixed(1);
    case 'seconds': return String(Math.round(n));
    case 'minutes': return String(Math.round(n / 60));
    case 'minutes_half': return String(Math.round(n / 30) / 2);
    case 'minutes_seconds': return `${Math.floor(n / 60)}m ${String(Math.round(n % 60)).padStart(2, '0')}s`;
    case 'hours_minutes': return `${Math.floor(n / 3600)}h ${String(Math.floor((n % 3600) / 60)).padStart(2, '0')}m`;
  }
}
