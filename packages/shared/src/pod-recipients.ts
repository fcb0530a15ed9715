import { z } from 'zod';
import { ZRecipientDataSchema } from './orders.js';

/** Recipients per page (spec 002 §9): 25, 50, 75 or 100; default 25. */
export const RECIPIENT_PAGE_SIZES = [25, 50, 75, 100] as const;
/** How `search` matches (spec 002 §9). */
export const SEARCH_CRITERIA = ['contains', 'exact', 'startsWith', 'endsWith'] as const;

/** GET /api/recipients/{listId} query (spec 002 §7). */
export const ZRecipientsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1).describe('Page, from 1'),
  limit: z.coerce.number().int().refine((n) => (RECIPIENT_PAGE_SIZES as readonly number[]).includes(n), 'limit is 25, 50, 75 or 100').default(25)
    .describe('Recipients per page: 25, 50, 75 or 100'),
  search: z.string().trim().max(200).optional().describe('Text to look for (case-insensitive)'),
  field: z.string().max(64).optional().describe('A mapped field to search in (e.g. last_name); every column when absent'),
  criteria: z.enum(SEARCH_CRITERIA).default('contains').describe('contains, exact, startsWith or endsWith'),
});

/** A recipient: the record's id, its position and its mapped fields (spec 000 §3 target fields). */
export const ZRecipientSchema = z.object({
  id: z.string().describe('Record id'),
  row: z.number().int().describe('Position in the list, from 1'),
  fields: z.record(z.string(), z.string()).describe('Mapped fields: target field → value (first_name, address, city, …)'),
}).meta({ id: 'Recipient' });

/** GET /api/recipients/{listId} answer (spec 002 §7). */
export const ZRecipientsSchema = z.object({
  status: z.literal('success').describe('Always success; failures use the error envelope'),
  data: z.object({
    recipients: z.array(ZRecipientSchema).describe('This page\'s recipients, in list order'),
    pagination: z.object({
      total: z.number().int().describe('Recipients in the list'),
      filteredTotal: z.number().int().describe('Recipients matching the search'),
      pages: z.number().int().describe('Pages of matching recipients'),
      page: z.number().int().describe('This page'),
    }).describe('Where this page is'),
    list: z.object({ id: z.string().describe('List id'), name: z.string().describe('List name'), row_count: z.number().int().describe('Records') }).describe('The list'),
  }).describe('The page of recipients'),
}).meta({ id: 'Recipients' });
export type TRecipients = z.infer<typeof ZRecipientsSchema>;

/** GET /api/mappings/{listId} on the API (spec 002 §7). */
export const ZPodMappingsSchema = z.object({
  mappings: z.record(z.string(), z.string()).describe('Mapped target field → its column (e.g. first_name → "First Name")'),
  originalMappings: z.record(z.string(), z.string()).describe('The mapping as saved: column → target field'),
}).meta({ id: 'PodMappings' });

/** The columns of a list created through the API (spec 002 §3 Address): the standard address fields and custom_1…custom_10, mapped to themselves. */
export const API_LIST_COLUMNS = [
  'first_name', 'middle_name', 'last_name', 'full_name', 'company_name', 'email', 'address', 'address_2', 'city', 'state', 'zip', 'city_state_zip',
  ...Array.from({ length: 10 }, (_, i) => `custom_${i + 1}`),
] as const;
/** Addresses per import call. */
export const MAX_IMPORT_ADDRESSES = 1000;

/** POST /api/mailingLists (spec 002 §7). */
export const ZApiListCreateSchema = z.object({
  name: z.string().trim().min(1, 'List name is required').max(200).describe('The list\'s name'),
  projectId: z.uuid({ error: 'Invalid project ID' }).optional().describe('The project the list is for'),
}).meta({ id: 'ApiListCreate' });

/** POST /api/mailingLists/{id}/import answer. */
export const ZImportResultSchema = z.object({
  imported: z.number().int().describe('Addresses added'),
  row_count: z.number().int().describe('Records in the list now'),
}).meta({ id: 'ImportResult' });

/** POST /api/mailingLists/{id}/import body: addresses, each checked field by field (spec 002 §7). */
export const ZAddressImportSchema = z.array(ZRecipientDataSchema).min(1, 'Send at least one address').max(MAX_IMPORT_ADDRESSES, `At most ${MAX_IMPORT_ADDRESSES} addresses per call`)
  .describe(`1–${MAX_IMPORT_ADDRESSES} addresses`);

/** An address as the API answers it (spec 002 §3 Address / recipient): a record of a list with its mapped fields. */
export const ZAddressSchema = ZRecipientSchema.extend({
  mailing_list_id: z.string().describe('The list it belongs to'),
}).meta({ id: 'Address' });
export type TAddress = z.infer<typeof ZAddressSchema>;

/** POST /api/addresses: one address added to a list. */
export const ZAddressCreateSchema = ZRecipientDataSchema.and(z.object({
  mailing_list_id: z.uuid({ error: 'Invalid mailing list ID' }).describe('The list to add it to'),
})).meta({ id: 'AddressCreate' });
