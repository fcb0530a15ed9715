import type { TOutbox } from '@mailcraft/shared';
import type { AppContext } from '../../platform/context.js';
import type { Principal } from '../../platform/principal.js';
import { notificationsRepo } from './notifications.repo.js';

/** Messages the Outbox page shows. */
const OUTBOX_LIMIT = 100;

/**
 * GET /api/outbox (docs/requirements/notifications.md#notifications): whether mail leaves through SMTP (`SMTP_URL`) or is kept, and the
 * principal's kept messages — their SMS and email notifications and test sends — newest first.
 */
export async function listOutbox(ctx: AppContext, principal: Principal): Promise<TOutbox> {
  const rows = await notificationsRepo.outbox(ctx.db, principal.userId, OUTBOX_LIMIT);
  return {
    delivery: ctx.mailer.kind === 'smtp' ? 'smtp' : 'outbox',
    messages: rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, html: r.html, created_at: r.createdAt.toISOString() })),
  };
}
