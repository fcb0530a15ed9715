import { ZAddressCreateSchema, ZAddressesQuerySchema, ZAddressListSchema, ZAddressSchema, ZIdParams } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { route, scope } from '../../platform/route.js';
import { TEST_MODE_DOCS } from '../api-keys/api-key-auth.js';
import { createAddress, getAddress, listAddresses } from './addresses.service.js';

const errors = [400, 402, 404, 422, 429] as const;
/** A path at `/api…` (documented) and bare (hidden). */
const at = (path: string) => [`/api${path}`, path];

/**
 * Addresses on the public API (docs/requirements/print-on-demand-api.md#address), scope `addresses`, at `/api/…` and the bare path:
 * - POST /api/addresses {mailing_list_id, fields…} → 201 TAddress (appended to the list)
 * - GET  /api/addresses?mailing_list_id&limit&starting_after → a page of TAddress (`page` too)
 * - GET  /api/addresses/{id} → TAddress
 */
export async function addressesRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const addresses = { auth: scope('addresses'), tags: ['addresses'], errors };
  route(app, {
    ...addresses, method: 'POST', url: at('/addresses'), operationId: 'addresses.create', description: TEST_MODE_DOCS.readOnly,
    summary: 'Add an address to a mailing list', body: ZAddressCreateSchema, response: ZAddressSchema, status: 201,
  }, (principal, { body }) => createAddress(ctx, principal, body as { mailing_list_id: string } & Record<string, string>));

  route(app, {
    ...addresses, method: 'GET', url: at('/addresses'), operationId: 'addresses.list', summary: 'A page of a list\'s addresses, in list order',
    description: 'Pages by cursor: pass a page\'s next_cursor as starting_after for the next; addresses added meanwhile neither repeat nor skip one.',
    query: ZAddressesQuerySchema, response: ZAddressListSchema,
  }, (principal, { query }) => listAddresses(ctx, principal, query));

  route(app, {
    ...addresses, method: 'GET', url: at('/addresses/:id'), operationId: 'addresses.retrieve', summary: 'One address', params: ZIdParams, response: ZAddressSchema,
  }, (principal, { params }) => getAddress(ctx, principal, params.id));
}
