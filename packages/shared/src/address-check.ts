import { z } from 'zod';

/**
 * Address checks at mapping (docs/requirements/address-checks.md#address-checks): the kinds of problem the
 * offline checker (or a configured CASS/DPV verifier) reports per record, with their severity.
 * `error` would not be delivered as printed, `warning` may not be, `info` is worth knowing.
 */
export const ADDRESS_ISSUE_KINDS = {
  missing_part: { severity: 'error', label: 'Missing address part' },
  zip_format: { severity: 'error', label: 'ZIP code not 5 or 9 digits' },
  zip_leading_zero: { severity: 'info', label: 'ZIP code lost its leading zero' },
  zip_unknown: { severity: 'warning', label: 'ZIP code not found' },
  state_unknown: { severity: 'error', label: 'Unknown state code' },
  zip_state_mismatch: { severity: 'error', label: 'State does not match the ZIP code' },
  zip_city_mismatch: { severity: 'warning', label: 'City does not match the ZIP code' },
  zip_likely_wrong: { severity: 'error', label: 'ZIP code does not match the city and state' },
  military_state: { severity: 'error', label: 'Military address without AA, AE or AP' },
  po_box: { severity: 'info', label: 'PO Box' },
  military: { severity: 'info', label: 'Military (APO/FPO/DPO)' },
  duplicate: { severity: 'warning', label: 'Duplicate recipient' },
  line_overflow: { severity: 'warning', label: 'Line too long for the address block' },
  imb_invalid: { severity: 'error', label: 'IMb code cannot be printed' },
  undeliverable: { severity: 'error', label: 'Not a deliverable address (DPV)' },
  unit_problem: { severity: 'warning', label: 'Apartment or suite missing, wrong or not needed' },
  address_standardized: { severity: 'info', label: 'Standardized by the address service' },
  vacant: { severity: 'warning', label: 'Vacant address (USPS)' },
} as const satisfies Record<string, { severity: 'error' | 'warning' | 'info'; label: string }>;

export type AddressIssueCode = keyof typeof ADDRESS_ISSUE_KINDS;
export const ADDRESS_ISSUE_CODES = Object.keys(ADDRESS_ISSUE_KINDS) as AddressIssueCode[];

/** Most issues one answer lists (the counts cover every record); `?page` reads further. */
export const ADDRESS_CHECK_MAX_ISSUES = 5000;
/** Most records one fixes request changes. */
export const ADDRESS_FIX_MAX_RECORDS = 5000;

/**
 * One problem of one record. `suggestion` is the fix in words ('New York, NY'), `fixes` the
 * standard field → value overrides 'Accept fix' stores (the imported values stay as they were).
 */
export const ZAddressIssueSchema = z.object({
  recordId: z.string().describe('The record (mailing list record id)'),
  record: z.number().int().describe('Its 1-based number in the list'),
  name: z.string().describe('The recipient as printed (full name or company), for people'),
  field: z.string().describe('The standard field concerned (address, city, state, zip, full_name …)'),
  code: z.enum(ADDRESS_ISSUE_CODES as [AddressIssueCode, ...AddressIssueCode[]]).describe('The kind of problem'),
  severity: z.enum(['error', 'warning', 'info']).describe('error: undeliverable as printed; warning: may not be delivered; info: worth knowing'),
  message: z.string().describe('What is wrong, for people'),
  suggestion: z.string().optional().describe('The suggested fix in words, when there is one'),
  fixes: z.record(z.string(), z.string()).optional().describe('Standard field → value that accepting the fix stores as overrides'),
  group: z.number().int().optional().describe('Duplicates: the record number of the group\'s first record'),
  excluded: z.boolean().describe('Whether the record is excluded from printing'),
  ignored: z.boolean().optional().describe('True when the user ignored this issue of this record (listed only with ?ignored=show)'),
}).meta({ id: 'AddressIssue' });
export type TAddressIssue = z.infer<typeof ZAddressIssueSchema>;

/**
 * How many records and problems a check found. Excluded records count in `excluded` only;
 * issues the user ignored count in `ignored` only (docs/requirements/address-checks.md#ignored-issues).
 */
export const ZAddressCheckCountsSchema = z.object({
  records: z.number().int().describe('Records in the list'),
  withIssues: z.number().int().describe('Printed records with at least one error or warning that is not ignored'),
  byCode: z.record(z.string(), z.number().int()).describe('Issue code → issues of printed records, ignored ones left out'),
  excluded: z.number().int().describe('Records excluded from printing'),
  fixed: z.number().int().describe('Records with accepted fixes (overrides)'),
  ignored: z.number().int().describe('Issues the user ignored (of any record, excluded ones included): left out of issues, byCode and withIssues'),
}).meta({ id: 'AddressCheckCounts' });
export type TAddressCheckCounts = z.infer<typeof ZAddressCheckCountsSchema>;

/** GET /api/lists/{id}/address-check (docs/requirements/print.md#print contract). */
export const ZAddressCheckSchema = z.object({
  checked: z.string().describe('ISO 8601 time of the check'),
  verifier: z.string().describe('Which verifier checked (the offline checker by default)'),
  issues: z.array(ZAddressIssueSchema).describe('This page of issues, in list order; ignored issues only with ?ignored=show'),
  counts: ZAddressCheckCountsSchema.describe('Counts over the whole list'),
  totalIssues: z.number().int().describe('Issues in all, excluded records\' included; ignored ones only with ?ignored=show'),
  page: z.number().int().describe('The page of issues answered, from 1'),
  limit: z.number().int().describe('Issues per page'),
  truncated: z.boolean().describe('Whether more issues follow on later pages'),
}).meta({ id: 'AddressCheck' });
export type TAddressCheck = z.infer<typeof ZAddressCheckSchema>;

/** GET /api/lists/{id}/address-check query. */
export const ZAddressCheckQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1).describe('Page of issues, from 1'),
  limit: z.coerce.number().int().min(1).max(ADDRESS_CHECK_MAX_ISSUES).default(ADDRESS_CHECK_MAX_ISSUES).describe('Issues per page'),
  ignored: z.enum(['hide', 'show'], { error: 'ignored must be hide or show' }).default('hide')
    .describe('show: also list the issues the user ignored, marked ignored: true (the counts are the same either way)'),
});

export const ADDRESS_FIX_ACTIONS = ['accept', 'exclude', 'include', 'revert', 'ignore', 'unignore'] as const;
export type AddressFixAction = (typeof ADDRESS_FIX_ACTIONS)[number];

/** The message of an `ignore` without `codes` (400). */
export const ADDRESS_IGNORE_NEEDS_CODES = 'Choose the issues to ignore: codes is required for action ignore';

/**
 * POST /api/lists/{id}/address-check/fixes: `accept` stores each record's suggested fixes as
 * overrides, `exclude` / `include` leave records out of printing or bring them back, `revert`
 * clears their overrides, `ignore` stores `codes` as issues not to report again for the records
 * (docs/requirements/address-checks.md#ignored-issues), `unignore` reports them again (every ignored issue without `codes`).
 */
export const ZAddressFixSchema = z.object({
  recordIds: z.array(z.string().max(100).describe('A record id'))
    .min(1, 'Choose at least one record')
    .max(ADDRESS_FIX_MAX_RECORDS, `At most ${ADDRESS_FIX_MAX_RECORDS} records at a time`)
    .describe('The records to change'),
  action: z.enum(ADDRESS_FIX_ACTIONS, { error: `action must be one of ${ADDRESS_FIX_ACTIONS.join(', ')}` }).describe('What to do with them'),
  codes: z.array(z.enum(ADDRESS_ISSUE_CODES as [AddressIssueCode, ...AddressIssueCode[]], { error: `codes must be among ${ADDRESS_ISSUE_CODES.join(', ')}` })
    .describe('An address issue code'))
    .min(1, 'Choose at least one issue code')
    .max(ADDRESS_ISSUE_CODES.length, `At most ${ADDRESS_ISSUE_CODES.length} issue codes`)
    .optional()
    .describe('ignore: the issue codes to ignore for these records (required); unignore: the codes to report again (all when left out); other actions: unused'),
}).refine((fix) => fix.action !== 'ignore' || fix.codes !== undefined, { message: ADDRESS_IGNORE_NEEDS_CODES, path: ['codes'] })
  .meta({ id: 'AddressFix' });
export type TAddressFix = z.infer<typeof ZAddressFixSchema>;

/** The fixes answer: how many records changed, the counts before, and the check after (first page, ignored issues left out). */
export const ZAddressFixResultSchema = z.object({
  changed: z.number().int().describe('Records changed'),
  before: ZAddressCheckCountsSchema.describe('Counts before the change'),
  report: ZAddressCheckSchema.describe('The check re-run after the change (first page)'),
}).meta({ id: 'AddressFixResult' });
export type TAddressFixResult = z.infer<typeof ZAddressFixResultSchema>;
