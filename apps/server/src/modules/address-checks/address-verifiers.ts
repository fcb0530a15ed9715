import { offlineAddressVerifier } from './offline-checker.js';
import type { AddressVerifier } from './address-verifier.js';

/**
 * The verifiers ADDRESS_VERIFIER may name (issue 12). `offline` is the default; a CASS/DPV
 * service (the USPS Addresses API, Lob) is added here as another `AddressVerifier`.
 */
export const ADDRESS_VERIFIERS: Record<string, () => AddressVerifier> = {
  offline: () => offlineAddressVerifier,
};

/**
 * The verifier the setting names (ADDRESS_VERIFIER; unset or empty → `offline`).
 * Throws at start-up for a name `ADDRESS_VERIFIERS` does not know, so a typo never passes silently.
 */
export function chooseAddressVerifier(setting: string | undefined): AddressVerifier {
  const name = setting?.trim() || 'offline';
  const make = ADDRESS_VERIFIERS[name];
  if (!make) throw new Error(`ADDRESS_VERIFIER must be one of ${Object.keys(ADDRESS_VERIFIERS).join(', ')}; got '${name}'`);
  return make();
}
