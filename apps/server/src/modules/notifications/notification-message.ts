import { DEFAULT_EMAIL_SUBJECT, DEFAULT_EMAIL_TEMPLATE, DEFAULT_SMS_TEMPLATE, cutAtWord, splitRecipients } from '@mailcraft/shared';
import { gatewayAddress } from './carriers.js';
import { sanitizeEmailHtml } from './email-html.js';
import type { CarrierRow, NotificationRow } from './notifications.repo.js';
import { renderTemplate } from './notification-template.js';

/**
 * A rendered notification, stored with its delivery so every retry sends the same message:
 * mail (an email, or an SMS through the carrier's email-to-SMS gateway) or a webhook call.
 */
export type ComposedMessage =
  | { channel: 'mail'; to: string[]; subject: string; text: string; html?: string }
  | { channel: 'webhook'; url: string; body: Record<string, unknown> };

/** Most scans one digest carries; a busier period says how many more there were. */
export const DIGEST_MAX_SCANS = 500;

/**
 * The HTML part of an email: the rendered template (values escaped), paragraphs and line breaks
 * kept, sanitised (`sanitizeEmailHtml`) — the template is the account holder's own HTML and the
 * mail goes out from MAIL_FROM, so no script, event handler or javascript: link may pass.
 */
const htmlBody = (escapedText: string) =>
  `<div style="font-family:system-ui,sans-serif;font-size:14px;line-height:1.5">${sanitizeEmailHtml(escapedText
    .split(/\n{2,}/).map((p) => `<p>${p.replace(/\n/g, '<br>')}</p>`).join(''))}</div>`;

/**
 * The URL of a webhook notification (docs/requirements/maps.md#data variable_mapping): the endpoint with each
 * variable's value as a query parameter (field → param) and the static parameters appended.
 */
export function composeWebhookUrl(endpoint: string, mapping: NotificationRow['variableMapping'], vars: Record<string, string>): string {
  const url = new URL(endpoint);
  for (const v of mapping?.variables ?? []) url.searchParams.set(v.param, vars[v.field] ?? '');
  for (const p of mapping?.staticParams ?? []) url.searchParams.set(p.name, p.value);
  return url.href;
}

/** The fields a webhook notification sends: the selected ones, or every variable when none are selected. */
const pick = (selected: string[] | undefined, vars: Record<string, string>) =>
  selected?.length ? Object.fromEntries(selected.map((f) => [f, vars[f] ?? ''])) : vars;

/**
 * The message of one scan for notification `n` (docs/requirements/qr-codes.md#rules): SMS — `sms_template` rendered and
 * cut at a word to 160 characters, to the gateway address; email — subject and body rendered, a
 * plain-text and an HTML part (values escaped, the whole sanitised); webhook — the composed URL and a
 * `notification.scan` body with the selected fields. Throws VALIDATION on a template that fails.
 */
export async function composeScanMessage(n: NotificationRow, carrier: CarrierRow | undefined, vars: Record<string, string>): Promise<ComposedMessage> {
  if (n.type === 'sms') {
    if (!carrier || !n.phoneNumber) throw new Error('The SMS notification has no phone number or carrier');
    const text = cutAtWord(await renderTemplate(n.smsTemplate ?? DEFAULT_SMS_TEMPLATE, vars));
    return { channel: 'mail', to: [gatewayAddress(n.phoneNumber, carrier)], subject: '', text };
  }
  if (n.type === 'email') {
    const subject = cutAtWord(await renderTemplate(n.subject ?? DEFAULT_EMAIL_SUBJECT, vars), 200);
    const template = n.emailTemplate ?? DEFAULT_EMAIL_TEMPLATE;
    return {
      channel: 'mail', to: splitRecipients(n.emailRecipients ?? ''), subject,
      text: await renderTemplate(template, vars), html: htmlBody(await renderTemplate(template, vars, { html: true })),
    };
  }
  return {
    channel: 'webhook',
    url: composeWebhookUrl(n.endpointUrl ?? '', n.variableMapping, vars),
    body: {
      type: 'notification.scan',
      timestamp: new Date().toISOString(),
      notification: { id: n.id, name: n.name },
      data: pick(n.variableMapping?.selectedFields, vars),
    },
  };
}

/**
 * One digest of a period's scans (docs/requirements/notifications.md#rules: daily, weekly, monthly): SMS — 'N scans of
 * {list} since {time}: names…' cut at a word; email — a summary subject and each scan rendered
 * with the notification's template; webhook — a `notification.digest` body with every scan's
 * selected fields. `more` scans beyond the carried ones are counted, not listed.
 */
export async function composeDigest(
  n: NotificationRow, carrier: CarrierRow | undefined, items: Array<Record<string, string>>,
  period: { since: string; until: string; label: string; more: number },
): Promise<ComposedMessage> {
  const total = items.length + period.more;
  const listName = items[0]?.list_name ?? 'your list';
  const scans = `${total} QR code scan${total === 1 ? '' : 's'}`;
  const names = items.map((v) => v.full_name || [v.first_name, v.last_name].filter(Boolean).join(' ') || 'Unknown');
  if (n.type === 'sms') {
    if (!carrier || !n.phoneNumber) throw new Error('The SMS notification has no phone number or carrier');
    return { channel: 'mail', to: [gatewayAddress(n.phoneNumber, carrier)], subject: '', text: cutAtWord(`${scans} of ${listName} ${period.label}: ${names.join(', ')}`) };
  }
  if (n.type === 'email') {
    const template = n.emailTemplate ?? DEFAULT_EMAIL_TEMPLATE;
    const parts: string[] = [];
    const htmlParts: string[] = [];
    for (const v of items) {
      parts.push(await renderTemplate(template, v));
      htmlParts.push(await renderTemplate(template, v, { html: true }));
    }
    const more = period.more ? `\n\n…and ${period.more} more.` : '';
    const head = `${scans} of ${listName} ${period.label}.`;
    return {
      channel: 'mail', to: splitRecipients(n.emailRecipients ?? ''), subject: `${scans} of ${listName} ${period.label}`,
      text: `${head}\n\n${parts.join('\n\n———\n\n')}${more}`,
      html: htmlBody(`${head}\n\n${htmlParts.join('\n\n———\n\n')}${more}`),
    };
  }
  return {
    channel: 'webhook',
    url: composeWebhookUrl(n.endpointUrl ?? '', n.variableMapping, {}),
    body: {
      type: 'notification.digest',
      timestamp: new Date().toISOString(),
      notification: { id: n.id, name: n.name },
      period: { from: period.since, to: period.until },
      count: total,
      scans: items.map((v) => pick(n.variableMapping?.selectedFields, v)),
    },
  };
}
