import { indiciaLines, ZIdParams, ZNoContent, ZPermitCreateSchema, ZPermitSchema, ZPermitUpdateSchema, ZProductPermitSchema } from '@mailcraft/shared';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import type { ZodApp } from '../../platform/module.js';
import { route } from '../../platform/route.js';
import { createPermit, deletePermit, listPermits, updatePermit } from './permits.service.js';

/**
 * Mailing permit routes (docs/requirements/projects.md#data), for the signed-in user; another user's ids → 404:
 * - GET    /api/templates/permits      → TPermit[] (default first)
 * - POST   /api/templates/permits      {name, indicia: {line1..line6}, isDefault, mailer_id?} → 201 TPermit
 *          (400 'Permit name is required', 'Line {n} is required', 'Maximum 20 characters allowed', IMB_MESSAGES.mailerIdFormat)
 * - PATCH  /api/templates/permits/{id} {mailer_id} → TPermit (the mail owner's Mailer ID, docs/requirements/mail-tracking.md#imb-assignment)
 * - DELETE /api/templates/permits/{id} → 204
 * - GET    /api/templates/permits/product → `{ available, indicia }`: the operator's own permit
 *          (PRODUCT_PERMIT_NUMBER / PRODUCT_PERMIT_CITY), offered only when complete (docs/requirements/workflow.md#clear-states-and-fast-pages)
 * A project's permit is set through the projects module (PUT /api/templates/project/{id}/permit).
 */
export async function permitsRoutes(app: ZodApp, ctx: AppContext): Promise<void> {
  const tags = ['permits'];

  route(app, {
    method: 'GET', url: '/api/templates/permits', auth: 'user', summary: 'The user\'s mailing permits, default first', tags, response: z.array(ZPermitSchema),
  }, (principal) => listPermits(ctx, principal));

  route(app, {
    method: 'GET', url: '/api/templates/permits/product', auth: 'user', summary: 'The product\'s own permit, when this server offers one', tags, response: ZProductPermitSchema,
  }, () => {
    const indicia = ctx.config.productPermit;
    return { available: !!indicia, indicia: indicia ? { ...indicia, text: indiciaLines(indicia).join('\n') } : null };
  });

  route(app, {
    method: 'POST', url: '/api/templates/permits', auth: 'user', summary: 'Save a mailing permit', tags, body: ZPermitCreateSchema, response: ZPermitSchema,
    status: 201, errors: [400],
  }, (principal, { body }) => createPermit(ctx, principal, body));

  route(app, {
    method: 'PATCH', url: '/api/templates/permits/:id', auth: 'user', summary: 'Change a mailing permit\'s Mailer ID', tags, params: ZIdParams,
    body: ZPermitUpdateSchema, response: ZPermitSchema, errors: [400, 404],
  }, (principal, { params, body }) => updatePermit(ctx, principal, params.id, body));

  route(app, {
    method: 'DELETE', url: '/api/templates/permits/:id', auth: 'user', summary: 'Delete a mailing permit', tags, params: ZIdParams, response: ZNoContent,
    status: 204, errors: [404],
  }, (principal, { params }) => deletePermit(ctx, principal, params.id));
}
