import { ZAddressCheckQuerySchema, ZAddressCheckSchema, ZAddressFixResultSchema, ZAddressFixSchema, ZIdParams } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { route } from '../../platform/route.js';
import { applyAddressFixes, checkListAddresses } from './address-check.service.js';
import { chooseAddressVerifier } from './address-verifiers.js';

/**
 * Address checks at mapping (docs/requirements/print.md#print), for the list's owner (another user's list answers 404):
 * - GET  /api/lists/{id}/address-check?page&limit&ignored → TAddressCheck `{ checked, verifier, issues: [{ recordId, record, name,
 *   field, code, severity, message, suggestion?, fixes?, group?, excluded, ignored? }], counts: { records, withIssues, byCode,
 *   excluded, fixed, ignored }, totalIssues, page, limit, truncated }` (at most 5,000 issues a page; issues the user ignored
 *   only with `ignored=show`). The last check of a list is kept while its records, mappings and import are unchanged
 *   (`checked` says when it ran); concurrent requests share one check.
 * - POST /api/lists/{id}/address-check/fixes `{ recordIds, action: accept | exclude | include | revert | ignore | unignore, codes? }`
 *   → TAddressFixResult `{ changed, before, report }`; 400 for an empty or oversized `recordIds`, an unknown action or code,
 *   or `ignore` without `codes`.
 * 429 when too many checks run at once (2 per user, 4 in all, each waiting up to 60 s). The verifier is chosen by
 * ADDRESS_VERIFIER (default `offline`).
 */
export async function addressCheckRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const tags = ['address-checks'];
  // 502: a configured CASS/DPV service (ADDRESS_VERIFIER=lob) failed or refused its key.
  const errors = [400, 404, 429, 502] as const;
  const verifier = chooseAddressVerifier(process.env.ADDRESS_VERIFIER);

  route(app, {
    method: 'GET', url: '/api/lists/:id/address-check', auth: 'user', summary: 'Check a list\'s addresses', tags,
    params: ZIdParams, query: ZAddressCheckQuerySchema, response: ZAddressCheckSchema, errors,
  }, (principal, { params, query }) => checkListAddresses(ctx, principal, { id: params.id, verifier, ...query }));

  route(app, {
    method: 'POST', url: '/api/lists/:id/address-check/fixes', auth: 'user',
    summary: 'Accept suggested address fixes, exclude or include records, revert fixes, or ignore issues', tags,
    params: ZIdParams, body: ZAddressFixSchema, response: ZAddressFixResultSchema, errors,
  }, (principal, { params, body }) => applyAddressFixes(ctx, principal, { id: params.id, verifier, ...body }));
}
