import { z } from 'zod';
import { fieldLabel } from './fields.js';
import { apiList, CURSOR_PAGE_FIELDS, CURSOR_QUERY_FIELDS } from './http/api-list.js';
import { ZRecipientDataSchema } from './orders.js';
import { ZRecordMailPieceSchema } from './tracking.js';

/** Recipients per page (docs/requirements/print-on-demand-api.md#limits): 25, 50, 75 or 100; default 25. */
export const RECIPIENT_PAGE_SIZES = [25, 50, 75, 100] as const;
/** How `search` matches (docs/requirements/print-on-demand-api.md#limits). */
export const SEARCH_CRITERIA = ['contains', 'exact', 'startsWith', 'endsWith'] as const;

/** GET /api/recipients/{listId} query (docs/requirements/print-on-demand-api.md#recipients-and-search), with the cursor of the public API's lists beside the spec's page. */
export const ZRecipientsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1).describe('Page, from 1 (ignored with starting_after)'),
  limit: z.coerce.number().int().refine((n) => (RECIPIENT_PAGE_SIZES as readonly number[]).includes(n), 'limit is 25, 50, 75 or 100').default(25)
    .describe('Recipients per page: 25, 50, 75 or 100'),
  search: z.string().trim().max(200).optional().describe('Text to look for (case-insensitive)'),
  field: z.string().max(64).optional().describe('A mapped field to search in (e.g. last_name); every column when absent'),
  criteria: z.enum(SEARCH_CRITERIA).default('contains').describe('contains, exact, startsWith or endsWith'),
  starting_after: CURSOR_QUERY_FIELDS.starting_after,
});

/**
 * The fields of an Address (docs/requirements/print-on-demand-api.md#address) that carry a record's values: the
 * standard address fields and custom_1 … custom_10. The internal USPS fields are not among them.
 */
export const ADDRESS_FIELDS = [
  'first_name', 'middle_name', 'last_name', 'full_name', 'company_name', 'email', 'phone', 'cell_phone',
  'address', 'address_2', 'city', 'state', 'zip', 'city_state_zip',
  'custom_1', 'custom_2', 'custom_3', 'custom_4', 'custom_5', 'custom_6', 'custom_7', 'custom_8', 'custom_9', 'custom_10',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

const addressValue = (field: string) => z.string().nullable().describe(`${fieldLabel(field)}, as it prints (address fixes applied); null when the list does not map it`);

/**
 * An address of a list, as the specification's Address entity (docs/requirements/print-on-demand-api.md#address): its fields flat (null when the
 * list does not map one), as they print — the address fixes accepted at the list's address check
 * applied — with its list, position and whether the check excluded it from printing. The record's
 * values are no longer nested under `fields`.
 */
export const ZAddressSchema = z.object({
  id: z.string().describe('Address id (the list record\'s id; recipientId of an order)'),
  mailing_list_id: z.string().describe('The list it belongs to'),
  ...Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, addressValue(f)])) as Record<AddressField, ReturnType<typeof addressValue>>,
  record_id: z.string().describe('The record\'s own id from the list\'s record_id column, else the address id'),
  row: z.number().int().describe('Position in the list, from 1'),
  excluded: z.boolean().describe('Excluded from printing at the list\'s address check: it prints in no print file and cannot be ordered'),
  created_at: z.string().describe('ISO 8601 time its list was created (a record keeps no time of its own)'),
}).meta({ id: 'Address' });
export type TAddress = z.infer<typeof ZAddressSchema>;

/**
 * A recipient as the recipient search answers it: its Address and its mail piece on its way
 * (docs/requirements/mail-tracking.md#timelines-and-analytics).
 */
export const ZRecipientSchema = ZAddressSchema.extend({
  mail_piece: ZRecordMailPieceSchema.nullable()
    .describe('The record\'s mail piece in its latest print file that carries an IMb, with its latest stage and every scan; null when none was printed'),
}).meta({ id: 'Recipient' });
export type TRecipient = z.infer<typeof ZRecipientSchema>;

/** GET /api/recipients/{listId} answer: the specification's shape, with the cursor fields beside `pagination`. */
export const ZRecipientsSchema = z.object({
  status: z.literal('success').describe('Always success; failures use the error envelope'),
  data: z.object({
    recipients: z.array(ZRecipientSchema).describe('This page\'s recipients, in list order, each with its latest printed mail piece'),
    pagination: z.object({
      total: z.number().int().describe('Recipients in the list'),
      filteredTotal: z.number().int().describe('Recipients matching the search'),
      pages: z.number().int().describe('Pages of matching recipients'),
      page: z.number().int().describe('This page'),
    }).describe('Where this page is'),
    ...CURSOR_PAGE_FIELDS,
    list: z.object({ id: z.string().describe('List id'), name: z.string().describe('List name'), row_count: z.number().int().describe('Records') }).describe('The list'),
  }).describe('The page of recipients'),
}).meta({ id: 'Recipients' });
export type TRecipients = z.infer<typeof ZRecipientsSchema>;

/** GET /api/mappings/{listId} on the API (docs/requirements/print-on-demand-api.md#api). */
export const ZPodMappingsSchema = z.object({
  mappings: z.record(z.string(), z.string()).describe('Mapped target field → its column (e.g. first_name → "First Name")'),
  originalMappings: z.record(z.string(), z.string()).describe('The mapping as saved: column → target field'),
}).meta({ id: 'PodMappings' });

/** The columns of a list created through the API (docs/requirements/print-on-demand-api.md#address): the standard address fields and custom_1…custom_10, mapped to themselves. */
export const API_LIST_COLUMNS = [
  'first_name', 'middle_name', 'last_name', 'full_name', 'company_name', 'email', 'address', 'address_2', 'city', 'state', 'zip', 'city_state_zip',
  ...Array.from({ length: 10 }, (_, i) => `custom_${i + 1}`),
] as const;
/** Addresses per import call. */
export const MAX_IMPORT_ADDRESSES = 1000;

/** POST /api/mailingLists (docs/requirements/print-on-demand-api.md#api). */
export const ZApiListCreateSchema = z.object({
  name: z.string().trim().min(1, 'List name is required').max(200).describe('The list\'s name'),
  projectId: z.uuid({ error: 'Invalid project ID' }).optional().describe('The project the list is for'),
}).meta({ id: 'ApiListCreate' });

/** POST /api/mailingLists/{id}/import answer. */
export const ZImportResultSchema = z.object({
  imported: z.number().int().describe('Addresses added'),
  row_count: z.number().int().describe('Records in the list now'),
}).meta({ id: 'ImportResult' });

/** POST /api/mailingLists/{id}/import body: addresses, each checked field by field (docs/requirements/print-on-demand-api.md#api). */
export const ZAddressImportSchema = z.array(ZRecipientDataSchema).min(1, 'Send at least one address').max(MAX_IMPORT_ADDRESSES, `At most ${MAX_IMPORT_ADDRESSES} addresses per call`)
  .describe(`1–${MAX_IMPORT_ADDRESSES} addresses`);

/** GET /api/addresses query: a list's addresses (the newest list's without one), by cursor or page. */
export const ZAddressesQuerySchema = z.object({
  mailing_list_id: z.uuid({ error: 'Invalid mailing list ID' }).optional().describe('The list; your newest list when absent'),
  page: z.coerce.number().int().min(1).max(100_000).default(1).describe('Page, from 1 (ignored with starting_after)'),
  ...CURSOR_QUERY_FIELDS,
});

/** GET /api/addresses answer: a page of a list's addresses, in list order. */
export const ZAddressListSchema = apiList(ZAddressSchema, 'AddressList', 'This page\'s addresses, in list order');

/** POST /api/addresses: one address added to a list. */
export const ZAddressCreateSchema = ZRecipientDataSchema.and(z.object({
  mailing_list_id: z.uuid({ error: 'Invalid mailing list ID' }).describe('The list to add it to'),
})).meta({ id: 'AddressCreate' });
