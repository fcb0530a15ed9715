/**
 * Pure address rules of the offline check (docs/requirements/print.md#print), after USPS Publication 28.
 */

/** USPS state and territory codes, with the Armed Forces 'states' AA, AE, AP (Pub 28 appendix B). */
export const USPS_STATE_CODES = new Set([
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD',
  'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD',
  'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY', 'AS', 'GU', 'MP', 'PR', 'VI', 'FM', 'MH', 'PW', 'AA', 'AE', 'AP',
]);
export const MILITARY_STATES = new Set(['AA', 'AE', 'AP']);

const STATE_NAMES: Record<string, string> = {
  ALABAMA: 'AL', ALASKA: 'AK', ARIZONA: 'AZ', ARKANSAS: 'AR', CALIFORNIA: 'CA', COLORADO: 'CO', CONNECTICUT: 'CT', DELAWARE: 'DE',
  DISTRICTOFCOLUMBIA: 'DC', FLORIDA: 'FL', GEORGIA: 'GA', HAWAII: 'HI', IDAHO: 'ID', ILLINOIS: 'IL', INDIANA: 'IN', IOWA: 'IA',
  KANSAS: 'KS', KENTUCKY: 'KY', LOUISIANA: 'LA', MAINE: 'ME', MARYLAND: 'MD', MASSACHUSETTS: 'MA', MICHIGAN: 'MI', MINNESOTA: 'MN',
  MISSISSIPPI: 'MS', MISSOURI: 'MO', MONTANA: 'MT', NEBRASKA: 'NE', NEVADA: 'NV', NEWHAMPSHIRE: 'NH', NEWJERSEY: 'NJ',
  NEWMEXICO: 'NM', NEWYORK: 'NY', NORTHCAROLINA: 'NC', NORTHDAKOTA: 'ND', OHIO: 'OH', OKLAHOMA: 'OK', OREGON: 'OR',
  PENNSYLVANIA: 'PA', RHODEISLAND: 'RI', SOUTHCAROLINA: 'SC', SOUTHDAKOTA: 'SD', TENNESSEE: 'TN', TEXAS: 'TX', UTAH: 'UT',
  VERMONT: 'VT', VIRGINIA: 'VA', WASHINGTON: 'WA', WESTVIRGINIA: 'WV', WISCONSIN: 'WI', WYOMING: 'WY', PUERTORICO: 'PR',
  GUAM: 'GU', AMERICANSAMOA: 'AS', VIRGINISLANDS: 'VI', NORTHERNMARIANAISLANDS: 'MP',
};

/** The USPS code of a spelled-out state name ('New York' → 'NY'), or null. */
export function stateCodeOfName(name: string): string | null {
  return STATE_NAMES[name.toUpperCase().replace(/[^A-Z]/g, '')] ?? null;
}

/** A ZIP code as imported: 5 digits or ZIP+4 (with or without the hyphen). */
export const ZIP_FORMAT = /^(\d{5})(-?\d{4})?$/;
/** A ZIP that lost its leading zero(s) in a spreadsheet: 3 or 4 digits, maybe with +4. */
export const ZIP_LOST_ZERO = /^(\d{3,4})(-\d{4})?$/;

/** A PO Box delivery line: 'PO Box 12', 'P.O. Box 12', 'Post Office Box 12', 'Box 12' (Pub 28 §28). */
const PO_BOX = /^\s*(P\.?\s*O\.?\s*(BOX|B)|POST\s+OFFICE\s+BOX|BOX)\s*#?\s*\d+/i;
export const isPoBox = (line: string): boolean => PO_BOX.test(line);

/** APO, FPO or DPO, the last line's 'city' of a military address (Pub 28 §225). */
export function militaryPostOffice(city: string): string | null {
  const c = city.toUpperCase().replace(/[^A-Z]/g, '');
  return c === 'APO' || c === 'FPO' || c === 'DPO' ? c : null;
}

/**
 * Characters per address-block line: USPS Pub 28 and CASS fixed-format files keep each line of
 * the address (addressee, delivery line, last line) to at most 40 characters, which an address
 * block of 10-point type 3.5 inches wide holds.
 */
export const ADDRESS_LINE_MAX = 40;

const WORDS: Record<string, string> = {
  STREET: 'ST', AVENUE: 'AVE', ROAD: 'RD', DRIVE: 'DR', BOULEVARD: 'BLVD', LANE: 'LN', COURT: 'CT', PLACE: 'PL', TERRACE: 'TER',
  HIGHWAY: 'HWY', PARKWAY: 'PKWY', CIRCLE: 'CIR', SQUARE: 'SQ', TRAIL: 'TRL', NORTH: 'N', SOUTH: 'S', EAST: 'E', WEST: 'W',
  NORTHEAST: 'NE', NORTHWEST: 'NW', SOUTHEAST: 'SE', SOUTHWEST: 'SW', APARTMENT: 'APT', SUITE: 'STE', UNIT: 'UNIT',
};

const LONG_WORD = new RegExp(`\\b(${Object.keys(WORDS).join('|')})\\b`, 'g');

/** An address line reduced for comparing recipients: upper case, words only, Pub 28 abbreviations ('Street' = 'St'). */
export function comparable(line: string): string {
  return line.toUpperCase().replace(/[^A-Z0-9]+/g, ' ').trim().replace(LONG_WORD, (w) => WORDS[w]);
}
