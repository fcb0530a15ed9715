import { z } from 'zod';
import { RECIPIENT_PAGE_SIZES, ZAddressCreateSchema, ZAddressSchema, ZApiErrorSchema, ZIdParams } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { requirePrincipal } from '../../platform/principal.js';
import { scoped } from '../api-keys/api-key-auth.js';
import { createAddress, getAddress, listAddresses } from './addresses.service.js';

const errors = { 400: ZApiErrorSchema, 401: ZApiErrorSchema, 402: ZApiErrorSchema, 403: ZApiErrorSchema, 404: ZApiErrorSchema, 422: ZApiErrorSchema, 429: ZApiErrorSchema };

/**
 * Addresses on the public API (spec 002 §3 Address, §7), scope `addresses`, at `/api/…` and the bare path:
 * - POST /api/addresses {mailing_list_id, fields…} → 201 TAddress (appended to the list)
 * - GET  /api/addresses?mailing_list_id&page&limit → TAddress[]
 * - GET  /api/addresses/{id} → TAddress
 */
export async function addressesRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  for (const prefix of ['/api', '']) {
    const hide = prefix === '';
    const tags = ['addresses'];
    app.post(`${prefix}/addresses`, {
      ...scoped('addresses'),
      schema: { hide, summary: 'Add an address to a mailing list', tags, body: ZAddressCreateSchema, response: { 201: ZAddressSchema, ...errors } },
    }, async (req, reply) => reply.status(201).send(await createAddress(ctx.db, requirePrincipal(req), req.body as { mailing_list_id: string } & Record<string, string>)));

    app.get(`${prefix}/addresses`, {
      ...scoped('addresses'),
      schema: {
        hide, summary: 'A page of a list\'s addresses', tags,
        querystring: z.object({
          mailing_list_id: z.uuid({ error: 'Invalid mailing list ID' }).optional().describe('The list; your newest list when absent'),
          page: z.coerce.number().int().min(1).max(100_000).default(1).describe('Page, from 1'),
          limit: z.coerce.number().int().refine((n) => (RECIPIENT_PAGE_SIZES as readonly number[]).includes(n), 'limit is 25, 50, 75 or 100').default(25).describe('25, 50, 75 or 100'),
        }),
        response: { 200: z.array(ZAddressSchema), ...errors },
      },
    }, async (req) => listAddresses(ctx.db, requirePrincipal(req), req.query.mailing_list_id, req.query));

    app.get(`${prefix}/addresses/:id`, {
      ...scoped('addresses'),
      schema: { hide, summary: 'One address', tags, params: ZIdParams, response: { 200: ZAddressSchema, ...errors } },
    }, async (req) => getAddress(ctx.db, requirePrincipal(req), req.params.id));
  }
}
