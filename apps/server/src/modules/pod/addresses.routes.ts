import { ZAddressCreateSchema, ZAddressesQuerySchema, ZAddressListSchema, ZAddressSchema, ZApiErrorSchema, ZIdParams } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { requirePrincipal } from '../../platform/principal.js';
import { scoped, TEST_MODE_DOCS } from '../api-keys/api-key-auth.js';
import { createAddress, getAddress, listAddresses } from './addresses.service.js';

const errors = { 400: ZApiErrorSchema, 401: ZApiErrorSchema, 402: ZApiErrorSchema, 403: ZApiErrorSchema, 404: ZApiErrorSchema, 422: ZApiErrorSchema, 429: ZApiErrorSchema };

/**
 * Addresses on the public API (docs/requirements/print-on-demand-api.md#address), scope `addresses`, at `/api/…` and the bare path:
 * - POST /api/addresses {mailing_list_id, fields…} → 201 TAddress (appended to the list)
 * - GET  /api/addresses?mailing_list_id&limit&starting_after → a page of TAddress (`page` too)
 * - GET  /api/addresses/{id} → TAddress
 */
export async function addressesRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  for (const prefix of ['/api', '']) {
    const hide = prefix === '';
    const tags = ['addresses'];
    app.post(`${prefix}/addresses`, {
      ...scoped('addresses'),
      schema: { hide, operationId: 'addresses.create', description: TEST_MODE_DOCS.readOnly, summary: 'Add an address to a mailing list', tags, body: ZAddressCreateSchema, response: { 201: ZAddressSchema, ...errors } },
    }, async (req, reply) => reply.status(201).send(await createAddress(ctx.db, requirePrincipal(req), req.body as { mailing_list_id: string } & Record<string, string>)));

    app.get(`${prefix}/addresses`, {
      ...scoped('addresses'),
      schema: {
        hide, operationId: 'addresses.list', summary: 'A page of a list\'s addresses, in list order', tags,
        description: 'Pages by cursor: pass a page\'s next_cursor as starting_after for the next; addresses added meanwhile neither repeat nor skip one.',
        querystring: ZAddressesQuerySchema, response: { 200: ZAddressListSchema, ...errors },
      },
    }, async (req) => listAddresses(ctx.db, requirePrincipal(req), req.query.mailing_list_id, req.query));

    app.get(`${prefix}/addresses/:id`, {
      ...scoped('addresses'),
      schema: { hide, operationId: 'addresses.retrieve', summary: 'One address', tags, params: ZIdParams, response: { 200: ZAddressSchema, ...errors } },
    }, async (req) => getAddress(ctx.db, requirePrincipal(req), req.params.id));
  }
}
