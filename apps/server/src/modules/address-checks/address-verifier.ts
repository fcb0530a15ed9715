import type { AddressIssueCode } from '@mailcraft/shared';

/**
 * One record's address as mapped (accepted fixes applied), for a verifier (docs/requirements/print.md#print). `zip` is the
 * value as imported (a spreadsheet's 8014 stays 8014, so the lost zero is reported).
 */
export type AddressRecord = {
  id: string;
  address: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
};

/**
 * A problem a verifier found: the standard field concerned, its kind, a message for people, and
 * optionally a suggestion in words with the field → value fixes that accepting it stores.
 */
export type AddressIssue = {
  recordId: string;
  field: 'address' | 'address_2' | 'city' | 'state' | 'zip';
  code: AddressIssueCode;
  message: string;
  suggestion?: string;
  fixes?: Record<string, string>;
};

/**
 * Checks addresses for deliverability (docs/requirements/address-checks.md#address-checks). The default is the
 * offline checker (`offlineAddressVerifier`: address parts, ZIP format, ZIP–state–city against the
 * `zipcodes` database). A CASS/DPV service — the USPS Addresses API (`GET /addresses/v3/address`
 * answers the standardized address, ZIP+4 and DPV confirmation) or Lob's US verification —
 * plugs in as another implementation: send each batch, turn each corrected part into an issue
 * whose `fixes` hold the standardized values and each DPV 'N' into a `zip_unknown`-like error,
 * and register it in `ADDRESS_VERIFIERS` under the name ADDRESS_VERIFIER selects.
 * `verify` gets up to a few thousand records per call and answers their issues in any order;
 * it rejects only when the service fails.
 */
export interface AddressVerifier {
  readonly name: string;
  verify(records: AddressRecord[]): Promise<AddressIssue[]>;
}
