import {
  DEFAULT_EMAIL_SUBJECT, DEFAULT_EMAIL_TEMPLATE, DEFAULT_MAIL_EMAIL_SUBJECT, DEFAULT_MAIL_EMAIL_TEMPLATE, DEFAULT_MAIL_SMS_TEMPLATE,
  DEFAULT_SMS_TEMPLATE, DELIVERY_EVENT_COUNT_WORDS, NOTIFICATION_MAIL_FIELDS, cutAtWord, isDeliveryEventType, splitRecipients,
  type MailEventType,
} from '@mailcraft/shared';
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

/** What a message reports: a QR code scan, or a piece's delivery event. */
export type MessageKind = 'scan' | 'delivery';

/**
 * The templates a message of `kind` renders with for `n`. A scan's are the notification's own (the scan defaults
 * when unset). A delivery event's are the notification's own too, except that an unset template, or one left at the
 * scan default (a notification that reports scans as well, or was made for scans), becomes the delivery default —
 * so a delivery message never reads 'QR code scanned by …' (docs/requirements/mail-tracking.md#delivery-events).
 */
export function templatesOf(n: NotificationRow, kind: MessageKind): { sms: string; subject: string; body: string } {
  if (kind === 'scan') {
    return { sms: n.smsTemplate ?? DEFAULT_SMS_TEMPLATE, subject: n.subject ?? DEFAULT_EMAIL_SUBJECT, body: n.emailTemplate ?? DEFAULT_EMAIL_TEMPLATE };
  }
  const own = (value: string | null, scanDefault: string, deliveryDefault: string) => (!value || value === scanDefault ? deliveryDefault : value);
  return {
    sms: own(n.smsTemplate, DEFAULT_SMS_TEMPLATE, DEFAULT_MAIL_SMS_TEMPLATE),
    subject: own(n.subject, DEFAULT_EMAIL_SUBJECT, DEFAULT_MAIL_EMAIL_SUBJECT),
    body: own(n.emailTemplate, DEFAULT_EMAIL_TEMPLATE, DEFAULT_MAIL_EMAIL_TEMPLATE),
  };
}

/** Whether a message's variables are a delivery event's (`deliveryVariables` sets `mail_event`). */
const kindOf = (vars: Record<string, string>): MessageKind => (vars.mail_event ? 'delivery' : 'scan');

/** The delivery event's own fields, which a webhook notification always sends with a delivery event. */
const deliveryFields = (vars: Record<string, string>) =>
  Object.fromEntries(['mail_event', ...NOTIFICATION_MAIL_FIELDS].map((f) => [f, vars[f] ?? '']));

/**
 * The message of one scan or delivery event for notification `n` (docs/requirements/qr-codes.md#rules;
 * docs/requirements/mail-tracking.md#delivery-events), from its variables (`scanVariables` or `deliveryVariables`): SMS — the
 * SMS template (`templatesOf`) rendered and cut at a word to 160 characters, to the gateway address; email — subject
 * and body rendered, a plain-text and an HTML part (values escaped, the whole sanitised); webhook — the composed URL
 * and a `notification.scan` body with the selected fields, or a `notification.delivery` body with them and the
 * delivery event's fields. Throws VALIDATION on a template that fails.
 */
export async function composeScanMessage(n: NotificationRow, carrier: CarrierRow | undefined, vars: Record<string, string>): Promise<ComposedMessage> {
  const kind = kindOf(vars);
  const templates = templatesOf(n, kind);
  if (n.type === 'sms') {
    if (!carrier || !n.phoneNumber) throw new Error('The SMS notification has no phone number or carrier');
    const text = cutAtWord(await renderTemplate(templates.sms, vars));
    return { channel: 'mail', to: [gatewayAddress(n.phoneNumber, carrier)], subject: '', text };
  }
  if (n.type === 'email') {
    const subject = cutAtWord(await renderTemplate(templates.subject, vars), 200);
    return {
      channel: 'mail', to: splitRecipients(n.emailRecipients ?? ''), subject,
      text: await renderTemplate(templates.body, vars), html: htmlBody(await renderTemplate(templates.body, vars, { html: true })),
    };
  }
  const data = pick(n.variableMapping?.selectedFields, vars);
  return {
    channel: 'webhook',
    url: composeWebhookUrl(n.endpointUrl ?? '', n.variableMapping, vars),
    body: {
      type: kind === 'scan' ? 'notification.scan' : 'notification.delivery',
      timestamp: new Date().toISOString(),
      notification: { id: n.id, name: n.name },
      ...(kind === 'scan' ? { data } : { event: vars.mail_event, data: { ...data, ...deliveryFields(vars) } }),
    },
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What a digest counts, in words: '3 QR code scans' when it has only scans (`more` counted in), else each kind it
 * holds — '2 QR code scans, 1 piece delivered and 1 piece returned to sender' — with '… and N more' for those not listed.
 */
export function digestCount(items: Array<Record<string, string>>, more: number): string {
  const deliveries = items.filter((v) => v.mail_event);
  if (deliveries.length === 0) return plural(items.length + more, 'QR code scan', 'QR code scans');
  const parts: string[] = [];
  const scans = items.length - deliveries.length;
  if (scans) parts.push(plural(scans, 'QR code scan', 'QR code scans'));
  const byType = new Map<MailEventType, number>();
  for (const v of deliveries) if (isDeliveryEventType(v.mail_event)) byType.set(v.mail_event, (byType.get(v.mail_event) ?? 0) + 1);
  for (const [type, n] of byType) parts.push(plural(n, ...DELIVERY_EVENT_COUNT_WORDS[type]));
  if (more) parts.push(`${more} more`);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
}

/**
 * One digest of a period's scans and delivery events (docs/requirements/notifications.md#rules: daily, weekly, monthly;
 * docs/requirements/mail-tracking.md#delivery-events): SMS — '{count} of {list} since {time}: names…' cut at a word (`digestCount`; a
 * delivery event names its piece's addressee); email — a summary subject and each item rendered with the
 * notification's template of its kind (`templatesOf`); webhook — a `notification.digest` body with every scan's
 * selected fields, and every delivery event's (with its own fields) under `deliveries`. `more` items beyond the
 * carried ones are counted, not listed.
 */
export async function composeDigest(
  n: NotificationRow, carrier: CarrierRow | undefined, items: Array<Record<string, string>>,
  period: { since: string; until: string; label: string; more: number },
): Promise<ComposedMessage> {
  const total = items.length + period.more;
  const listName = items[0]?.list_name ?? 'your list';
  const scans = digestCount(items, period.more);
  const names = items.map((v) => v.mail_recipient || v.full_name || [v.first_name, v.last_name].filter(Boolean).join(' ') || 'Unknown');
  if (n.type === 'sms') {
    if (!carrier || !n.phoneNumber) throw new Error('The SMS notification has no phone number or carrier');
    return { channel: 'mail', to: [gatewayAddress(n.phoneNumber, carrier)], subject: '', text: cutAtWord(`${scans} of ${listName} ${period.label}: ${names.join(', ')}`) };
  }
  if (n.type === 'email') {
    const parts: string[] = [];
    const htmlParts: string[] = [];
    for (const v of items) {
      const template = templatesOf(n, kindOf(v)).body;
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
      scans: items.filter((v) => kindOf(v) === 'scan').map((v) => pick(n.variableMapping?.selectedFields, v)),
      ...(items.some((v) => kindOf(v) === 'delivery')
        ? { deliveries: items.filter((v) => kindOf(v) === 'delivery').map((v) => ({ ...pick(n.variableMapping?.selectedFields, v), ...deliveryFields(v) })) }
        : {}),
    },
  };
}
