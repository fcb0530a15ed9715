import { lobVerifierFromEnv } from './lob-verifier.js';
import { offlineAddressVerifier } from './offline-checker.js';
import type { AddressVerifier } from './address-verifier.js';

/**
 * The verifiers ADDRESS_VERIFIER may name (docs/requirements/print.md#print), each made from the environment: `offline`
 * (the default, no network) and `lob` (Lob's CASS/DPV bulk US verification: LOB_API_KEY required,
 * LOB_API_URL optional). Another service (the USPS Addresses API) is added here as another `AddressVerifier`.
 */
export const ADDRESS_VERIFIERS: Record<string, (env: NodeJS.ProcessEnv) => AddressVerifier> = {
  offline: () => offlineAddressVerifier,
  lob: lobVerifierFromEnv,
};

/**
 * The verifier the setting names (ADDRESS_VERIFIER; unset or empty → `offline`), configured from
 * `env` (default process.env). Throws at start-up for a name `ADDRESS_VERIFIERS` does not know, so
 * a typo never passes silently, and when the named verifier's settings are missing or bad
 * (ADDRESS_VERIFIER=lob without LOB_API_KEY).
 */
export function chooseAddressVerifier(setting: string | undefined, env: NodeJS.ProcessEnv = process.env): AddressVerifier {
  const name = setting?.trim() || 'offline';
  const make = Object.hasOwn(ADDRESS_VERIFIERS, name) ? ADDRESS_VERIFIERS[name] : undefined;
  if (!make) throw new Error(`ADDRESS_VERIFIER must be one of ${Object.keys(ADDRESS_VERIFIERS).join(', ')}; got '${name}'`);
  return make(env);
}
