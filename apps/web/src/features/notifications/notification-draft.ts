import {
  NOTIFICATION_MESSAGES as M, NOTIFICATION_RETRY, type NotificationEvent, type NotificationType, type ScheduleType, type TNotification,
  type TNotificationInput,
} from '@mailcraft/shared';
import { ApiError } from '../../lib/api-client';

/** Weekday names of `schedule_day` 0–6 for weekly digests (docs/requirements/notifications.md#rules). */
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** Panel titles and the 'Add New …' wording of each type (docs/requirements/maps.md#screens). */
export const TYPE_LABELS: Record<NotificationType, string> = { webhook: 'Webhook', sms: 'SMS', email: 'Email' };

/**
 * The settings every notification type shares (docs/requirements/notifications.md#notification): what it reports (QR code
 * scans and/or delivery events, docs/requirements/mail-tracking.md#delivery-events), active flag, first-scan-only, schedule
 * (time HH:MM for digests, weekday 0–6 or day 1–31), IANA time zone, retry count 0–10 and retry delay 60–3600 s.
 */
export type CommonDraft = {
  name: string;
  /** What it reports; absent in a draft kept before delivery events existed (read as scans only: `draftEvents`). */
  events?: NotificationEvent[];
  is_active: boolean;
  send_first_scan_only: boolean;
  schedule_type: ScheduleType;
  schedule_time: string;
  /** Weekday 0 (Sunday)–6 for weekly, day 1–31 for monthly; ignored otherwise. */
  schedule_day: number | null;
  timezone: string;
  retry_count: number | null;
  retry_delay: number | null;
};

/** The browser's IANA time zone, the default of a new notification (docs/requirements/notifications.md#rules); UTC when unknown. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Every IANA time zone the browser knows, UTC included, sorted. */
export function timeZones(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', ...known])].sort();
}

/** What a draft reports: its events, or scans only for a draft kept before delivery events existed. */
export const draftEvents = (d: CommonDraft): NotificationEvent[] => d.events ?? ['scan'];

/** A new notification's shared settings: scans, active, every scan, immediate, the browser's zone, 3 retries 300 s apart. */
export function commonDefaults(): CommonDraft {
  return {
    name: '', events: ['scan'], is_active: true, send_first_scan_only: false, schedule_type: 'immediate', schedule_time: '09:00', schedule_day: null,
    timezone: browserTimeZone(), retry_count: NOTIFICATION_RETRY.count.default, retry_delay: NOTIFICATION_RETRY.delaySeconds.default,
  };
}

/** The shared settings of a saved notification, for its Edit form. */
export function commonFromNotification(n: TNotification): CommonDraft {
  return {
    name: n.name, events: n.events, is_active: n.is_active, send_first_scan_only: n.send_first_scan_only, schedule_type: n.schedule_type,
    schedule_time: n.schedule_time ?? '09:00', schedule_day: n.schedule_day, timezone: n.timezone,
    retry_count: n.retry_count, retry_delay: n.retry_delay,
  };
}

/**
 * Why the shared settings cannot be saved, with the server's messages (shared
 * ZNotificationInputSchema, docs/requirements/notifications.md#rules), or null.
 */
export function commonError(d: CommonDraft): string | null {
  const { count, delaySeconds } = NOTIFICATION_RETRY;
  if (draftEvents(d).length === 0) return M.eventRequired;
  if (d.schedule_type !== 'immediate' && !/^([01]\d|2[0-3]):[0-5]\d$/.test(d.schedule_time)) return M.scheduleTime;
  if (d.schedule_type === 'weekly' && (d.schedule_day == null || d.schedule_day < 0 || d.schedule_day > 6)) return M.scheduleWeekday;
  if (d.schedule_type === 'monthly' && (d.schedule_day == null || d.schedule_day < 1 || d.schedule_day > 31)) return M.scheduleMonthDay;
  if (!d.timezone) return M.timezone;
  if (d.retry_count == null || !Number.isInteger(d.retry_count) || d.retry_count < count.min || d.retry_count > count.max) return M.retryCount;
  if (d.retry_delay == null || !Number.isInteger(d.retry_delay) || d.retry_delay < delaySeconds.min || d.retry_delay > delaySeconds.max) return M.retryDelay;
  return null;
}

/**
 * The shared part of a POST/PUT /api/notifications body: time only for digests, the day only for
 * weekly and monthly ones.
 */
export function commonInput(d: CommonDraft, project: string, listId: string): Omit<TNotificationInput, 'type'> {
  const digest = d.schedule_type !== 'immediate';
  const withDay = d.schedule_type === 'weekly' || d.schedule_type === 'monthly';
  return {
    name: d.name.trim(), project_id: project, mailing_list_id: listId, events: draftEvents(d), is_active: d.is_active,
    send_first_scan_only: d.send_first_scan_only,
    schedule_type: d.schedule_type, schedule_time: digest ? d.schedule_time : null, schedule_day: withDay ? d.schedule_day : null,
    timezone: d.timezone, retry_count: d.retry_count ?? NOTIFICATION_RETRY.count.default,
    retry_delay: d.retry_delay ?? NOTIFICATION_RETRY.delaySeconds.default,
  };
}

/**
 * The schedule in words, e.g. 'Weekly on Monday at 09:00 (Europe/Paris)', 'Immediately on each scan', or 'Immediately on
 * each delivery event' for a notification reporting delivery events only.
 */
export function scheduleInWords(n: Pick<TNotification, 'schedule_type' | 'schedule_time' | 'schedule_day' | 'timezone'> & { events?: NotificationEvent[] }): string {
  const at = `at ${n.schedule_time ?? '—'} (${n.timezone})`;
  switch (n.schedule_type) {
    case 'daily': return `Daily ${at}`;
    case 'weekly': return `Weekly on ${WEEKDAYS[n.schedule_day ?? 0] ?? '—'} ${at}`;
    case 'monthly': return `Monthly on day ${n.schedule_day ?? '—'}${(n.schedule_day ?? 0) > 28 ? ' (or the last day)' : ''} ${at}`;
    default: return n.events && !n.events.includes('scan') ? 'Immediately on each delivery event' : 'Immediately on each scan';
  }
}

/**
 * The text of a failed call (docs/requirements/notifications.md#messages "Server error text is shown when present"): the server's
 * `{error: {message}}`, else the spec's generic message such as 'Failed to save SMS notification'.
 */
export function failureText(err: unknown, generic: string): string {
  return err instanceof ApiError && err.code && err.message ? err.message : generic;
}

/** The result of a test send as its message line shows it: the server's message (or `fallback`), noting the Outbox. */
export function testResultText(r: { message?: string; outbox?: boolean } | undefined, fallback: string): string {
  const text = r?.message || fallback;
  return r?.outbox ? `${text} (kept in the Outbox: no mail server is configured)` : text;
}

/**
 * What the panel gives each notification form: the page's project and list, the notification
 * being edited (none for 'Add New …'), whether the plan allows saving (docs/requirements/plans-and-billing.md#plan-gating), the panel's
 * message line (`report`, docs/requirements/notifications.md#rules) and what to do after a save or Cancel.
 */
export type NotificationFormProps = {
  projectId: string;
  listId: string;
  notification?: TNotification;
  canSave: boolean;
  report: (text: string, ok?: boolean) => void;
  onSaved: (saved: TNotification) => void;
  onCancel: () => void;
};

/**
 * The sessionStorage prefix of a notification form's unsaved edits (`useKeptState`): per list,
 * type and notification ('new' for one not yet saved). They survive a reload and the trip through
 * sign-in (docs/requirements/notifications.md#notifications) and are forgotten when the form is saved or cancelled.
 */
export const keptFormKey = (listId: string, type: NotificationType, notificationId?: string) =>
  `notifications.${listId}.${type}.${notificationId ?? 'new'}.`;
