import type { ApiMethod } from '../api-call';

/** A ready-made request of the Basic sub-tab's 'Common Endpoints' picker: `body` is JSON text ('' for none). */
export type CommonEndpoint = { id: string; method: ApiMethod; endpoint: string; description: string; body: string };

const sampleMailingOrder = {
  templateId: '{projectId}-main',
  mailingListId: '{mailingListId}',
  recipientId: '{recipientId}',
  deliveryType: 'print-mail',
  format: 'postcard',
};

/**
 * The 'Common Endpoints' (docs/requirements/print-on-demand-api.md#test-api-tab API tab, §7 Documented public API). Endpoints are
 * written without the /api prefix (the checkbox adds it), except health, which the API serves only
 * at /api/health. The mailing order body is a sample: replace the {placeholders} with real ids.
 */
export const COMMON_ENDPOINTS: readonly CommonEndpoint[] = [
  { id: 'projects', method: 'GET', endpoint: '/projects', description: 'List your projects', body: '' },
  { id: 'mailing-lists', method: 'GET', endpoint: '/mailingLists', description: 'List your mailing lists', body: '' },
  { id: 'orders', method: 'GET', endpoint: '/orders', description: 'List your orders', body: '' },
  { id: 'reinforcements', method: 'GET', endpoint: '/reinforcements', description: 'List reinforcements', body: '' },
  { id: 'verify', method: 'GET', endpoint: '/auth/verify', description: 'Check the API key', body: '' },
  { id: 'health', method: 'GET', endpoint: '/api/health', description: 'Health check (no key needed)', body: '' },
  { id: 'mailing-order', method: 'POST', endpoint: '/orders/mailing', description: 'Place a mailing order (sample body)', body: JSON.stringify(sampleMailingOrder, null, 2) },
];
