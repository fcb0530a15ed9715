import { z } from 'zod';
import { ZApiKeySchema } from './api-keys.js';
import { ZApiTemplateSchema } from './api-templates.js';
import { apiList, CURSOR_QUERY_FIELDS } from './http/api-list.js';
import { ZMailingListSchema } from './mailing-lists.js';
import { ZOrderWebhookSchema } from './order-webhooks.js';
import { ZPermitSchema } from './permits.js';
import { ZProjectSchema } from './projects.js';
import { ZReinforcementSchema } from './reinforcements.js';

/**
 * The Print-on-Demand API's lists (docs/requirements/print-on-demand-api.md#lists-and-cursors):
 * each answers `{ data, has_more, next_cursor, total_count }` and pages by `limit` and
 * `starting_after` (CURSOR_QUERY_FIELDS). Orders' list is in orders.ts, recipients keep the
 * spec's own shape (pod-recipients.ts).
 */

/** GET /api/projects query: the spec's `userId` (ignored) and the cursor. */
export const ZApiProjectsQuerySchema = z.object({
  userId: z.string().max(100).optional().describe('Ignored: a key only ever sees its owner\'s projects'),
  ...CURSOR_QUERY_FIELDS,
});
/** GET /api/mailingLists query: one project's lists, and the cursor. */
export const ZApiListsQuerySchema = z.object({
  projectId: z.string().max(100).optional().describe('Only the lists uploaded for this project'),
  ...CURSOR_QUERY_FIELDS,
});
/** GET /api/reinforcements query: one project's reinforcements (every project's without it), and the cursor. */
export const ZApiReinforcementsQuerySchema = z.object({
  projectId: z.uuid({ error: 'Invalid project ID' }).optional().describe('The project whose reinforcements to list; every project\'s when absent'),
  ...CURSOR_QUERY_FIELDS,
});

export const ZProjectListSchema = apiList(ZProjectSchema, 'ProjectList', 'This page\'s projects, newest first');
export const ZMailingListListSchema = apiList(ZMailingListSchema, 'MailingListList', 'This page\'s mailing lists, newest first');
export const ZTemplateListSchema = apiList(ZApiTemplateSchema, 'TemplateList', 'This page\'s templates: newest project first, each project\'s main template then r1–r3');
export const ZPermitListSchema = apiList(ZPermitSchema, 'PermitList', 'This page\'s mailing permits, the default first');
export const ZReinforcementListSchema = apiList(ZReinforcementSchema, 'ReinforcementList', 'This page\'s reinforcements, by project then slot');
export const ZApiKeyListSchema = apiList(ZApiKeySchema, 'ApiKeyList', 'This page\'s API keys, masked, newest first');
export const ZOrderWebhookListSchema = apiList(ZOrderWebhookSchema, 'OrderWebhookList', 'This page\'s order webhooks of the key\'s mode');
