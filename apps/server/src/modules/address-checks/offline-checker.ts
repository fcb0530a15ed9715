import type { AddressIssue, AddressRecord, AddressVerifier } from './address-verifier.js';
import {
  isPoBox, militaryPostOffice, MILITARY_STATES, stateCodeOfName, USPS_STATE_CODES, ZIP_FORMAT, ZIP_LOST_ZERO,
} from './address-rules.js';
import { cityKey, cityNearZip, cityZips, zipPlace } from './zip-places.js';

/**
 * The issues of one record, offline (docs/requirements/address-checks.md#address-checks): missing address
 * parts; the ZIP's format (5 digits or ZIP+4; a lost leading zero is a suggestion); unknown state
 * codes (a spelled-out state gets its code); the ZIP against the `zipcodes` database — when the
 * city is one the state has but the ZIP is elsewhere, city and state agree and the ZIP is the odd
 * one out: an error saying the ZIP is likely wrong, offering the city's ZIP codes when it has at
 * most ZIP_CHOICES_MAX (the one as a fix) and never the ZIP's city; otherwise a state other than
 * the ZIP's is an error, a city other than the ZIP's (and not a city of the same sectional center)
 * a warning, both suggesting the ZIP's city and state; PO Box and military (APO/FPO/DPO with
 * AA/AE/AP) addresses recognised as information.
 */
export function checkAddress(r: AddressRecord): AddressIssue[] {
  const issues: AddressIssue[] = [];
  const add = (issue: Omit<AddressIssue, 'recordId'>) => issues.push({ recordId: r.id, ...issue });
  const rawZip = r.zip.trim();
  const lostZero = ZIP_LOST_ZERO.exec(rawZip);
  const zip = lostZero ? lostZero[1].padStart(5, '0') + (lostZero[2] ?? '') : rawZip;
  const zip5 = ZIP_FORMAT.exec(zip)?.[1] ?? null;
  const place = zip5 ? zipPlace(zip5) : null;
  const state = r.state.trim().toUpperCase();
  const military = militaryPostOffice(r.city);

  if (!r.address.trim()) add({ field: 'address', code: 'missing_part', message: 'The street address is missing' });
  if (!r.city.trim()) {
    add({ field: 'city', code: 'missing_part', message: 'The city is missing', ...(place ? { suggestion: place.city, fixes: { city: place.city } } : {}) });
  }
  if (!state) {
    add({ field: 'state', code: 'missing_part', message: 'The state is missing', ...(place ? { suggestion: place.state, fixes: { state: place.state } } : {}) });
  }
  if (!rawZip) add({ field: 'zip', code: 'missing_part', message: 'The ZIP code is missing' });
  else if (lostZero) {
    add({ field: 'zip', code: 'zip_leading_zero', message: `ZIP code ${rawZip} lost its leading zero`, suggestion: zip, fixes: { zip } });
  } else if (!zip5) add({ field: 'zip', code: 'zip_format', message: `ZIP code '${rawZip}' is not 5 digits or ZIP+4` });

  const validState = USPS_STATE_CODES.has(state);
  if (state && !validState) {
    const named = stateCodeOfName(state) ?? place?.state ?? null;
    add({ field: 'state', code: 'state_unknown', message: `'${r.state.trim()}' is not a USPS state code`, ...(named ? { suggestion: named, fixes: { state: named } } : {}) });
  }
  if (isPoBox(r.address) || isPoBox(r.address2)) add({ field: 'address', code: 'po_box', message: 'PO Box address' });

  if (military) {
    if (validState && MILITARY_STATES.has(state)) add({ field: 'city', code: 'military', message: `Military address (${military} ${state})` });
    else {
      const suggested = place && MILITARY_STATES.has(place.state) ? place.state : null;
      add({
        field: 'state', code: 'military_state', message: `A military ${military} address needs the state AA, AE or AP`,
        ...(suggested ? { suggestion: suggested, fixes: { state: suggested } } : {}),
      });
    }
    return issues;
  }
  if (!zip5) return issues;
  if (!place) {
    add({ field: 'zip', code: 'zip_unknown', message: `ZIP code ${zip5} is not in the ZIP database` });
    return issues;
  }
  const city = r.city.trim();
  const cityMatches = !city || city === place.city || cityKey(city) === place.cityKey || cityNearZip(city, place.state, zip5);
  const ownZips = !cityMatches && validState ? cityZips(city, state) : [];
  if (ownZips.length > 0) {
    add({ field: 'zip', code: 'zip_likely_wrong', message: `ZIP code ${zip5} is in ${place.city}, ${place.state}, not in ${city}, ${state}: the ZIP code is likely wrong`, ...zipChoices(city, state, ownZips) });
  } else if (validState && state !== place.state) {
    add({
      field: 'state', code: 'zip_state_mismatch', message: `ZIP code ${zip5} is in ${place.city}, ${place.state}, not ${state}`,
      suggestion: cityMatches ? place.state : `${place.city}, ${place.state}`,
      fixes: cityMatches ? { state: place.state } : { city: place.city, state: place.state },
    });
  } else if (!cityMatches && (validState || !state)) {
    add({
      field: 'city', code: 'zip_city_mismatch', message: `ZIP code ${zip5} is in ${place.city}, ${place.state}, not ${city}`,
      suggestion: place.city, fixes: { city: place.city },
    });
  }
  return issues;
}

/** Most ZIP codes of a city a 'ZIP likely wrong' issue lists; a city with more gets none. */
export const ZIP_CHOICES_MAX = 5;

/** The suggestion of a 'ZIP likely wrong' issue: the city's only ZIP as a fix, its few ZIPs in words, or nothing. */
function zipChoices(city: string, state: string, zips: readonly string[]): Pick<AddressIssue, 'suggestion' | 'fixes'> {
  if (zips.length === 1) return { suggestion: zips[0], fixes: { zip: zips[0] } };
  if (zips.length <= ZIP_CHOICES_MAX) return { suggestion: `${city}, ${state} ZIP codes: ${zips.join(', ')}` };
  return {};
}

/** The default verifier: `checkAddress` on every record, no network (docs/requirements/print.md#print). */
export const offlineAddressVerifier: AddressVerifier = {
  name: 'offline (zipcodes ZIP database)',
  verify: async (records) => records.flatMap(checkAddress),
};
