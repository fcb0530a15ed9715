import { ZAddressCheckQuerySchema, ZAddressCheckSchema, ZAddressFixResultSchema, ZAddressFixSchema, ZErrorSchema, ZIdParams } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { requirePrincipal, signedIn } from '../../platform/principal.js';
import { applyAddressFixes, checkListAddresses } from './address-check.service.js';
import { chooseAddressVerifier } from './address-verifiers.js';

/**
 * Address checks at mapping (issue 12), for the list's owner (another user's list answers 404):
 * - GET  /api/lists/{id}/address-check?page&limit → TAddressCheck `{ checked, verifier, issues: [{ recordId, record, name,
 *   field, code, severity, message, suggestion?, fixes?, group?, excluded }], counts: { records, withIssues, byCode, excluded,
 *   fixed }, totalIssues, page, limit, truncated }` (at most 5,000 issues a page)
 * - POST /api/lists/{id}/address-check/fixes `{ recordIds, action: accept | exclude | include | revert }` →
 *   TAddressFixResult `{ changed, before, report }`; 400 for an empty or oversized `recordIds` or an unknown action.
 * The verifier is chosen by ADDRESS_VERIFIER (default `offline`).
 */
export async function addressCheckRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const tags = ['address-checks'];
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 404: ZErrorSchema };
  const verifier = chooseAddressVerifier(process.env.ADDRESS_VERIFIER);

  app.get('/api/lists/:id/address-check', {
    ...signedIn,
    schema: { summary: 'Check a list\'s addresses', tags, params: ZIdParams, querystring: ZAddressCheckQuerySchema, response: { 200: ZAddressCheckSchema, ...errors } },
  }, async (req) => checkListAddresses(ctx.db, verifier, requirePrincipal(req), req.params.id, req.query.page, req.query.limit));

  app.post('/api/lists/:id/address-check/fixes', {
    ...signedIn,
    schema: { summary: 'Accept suggested address fixes, exclude or include records, or revert fixes', tags, params: ZIdParams, body: ZAddressFixSchema, response: { 200: ZAddressFixResultSchema, ...errors } },
  }, async (req) => applyAddressFixes(ctx.db, verifier, requirePrincipal(req), req.params.id, req.body));
}
