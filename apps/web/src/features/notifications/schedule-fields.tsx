import { useMemo } from 'react';
import { Checkbox, Input, Radio, Switch } from 'antd';
import { NativeSelect } from '../../components/native-select';
import { NOTIFICATION_EVENT_LABELS, NOTIFICATION_EVENTS, NOTIFICATION_RETRY, SCHEDULE_TYPES, type NotificationEvent, type ScheduleType } from '@mailcraft/shared';
import { Field } from './field';
import { draftEvents, timeZones, WEEKDAYS, type CommonDraft } from './notification-draft';

const SCHEDULE_LABELS: Record<ScheduleType, string> = { immediate: 'Immediate', daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };

/** A typed whole number, or null while the field is empty (the form's own check names the range). */
const whole = (typed: string): number | null => (typed.trim() === '' ? null : Math.trunc(Number(typed)));

/**
 * The settings every notification form shares (docs/requirements/maps.md#data): 'Notify on' — QR code scans and/or the
 * delivery events of the list's pieces (docs/requirements/mail-tracking.md#delivery-events) —, Active switch, 'Send
 * only on the first scan of each record' (for scans), Schedule (immediate — the default —, daily, weekly,
 * monthly), time HH:MM for digests (a native time input: antd's TimePicker would bring dayjs and
 * its pickers to the page's first load), weekday 0 (Sunday)–6 for weekly, day 1–31 for monthly
 * (the last day in shorter months), time zone (every IANA zone; type to jump), retry count 0–10
 * and retry delay 60–3600 s. `idPrefix` keeps the ids unique when several forms are open.
 */
export function ScheduleFields({ draft, onChange, idPrefix }: { draft: CommonDraft; onChange: (patch: Partial<CommonDraft>) => void; idPrefix: string }) {
  const zones = useMemo(() => {
    const all = timeZones();
    return (all.includes(draft.timezone) ? all : [draft.timezone, ...all]).map((z) => ({ value: z, label: z }));
  }, [draft.timezone]);
  const id = (name: string) => `${idPrefix}-${name}`;
  const setType = (schedule_type: ScheduleType) => {
    const day = draft.schedule_day;
    if (schedule_type === 'weekly') onChange({ schedule_type, schedule_day: day != null && day >= 0 && day <= 6 ? day : 1 });
    else if (schedule_type === 'monthly') onChange({ schedule_type, schedule_day: day != null && day >= 1 && day <= 31 ? day : 1 });
    else onChange({ schedule_type });
  };
  const { count, delaySeconds } = NOTIFICATION_RETRY;
  const events = draftEvents(draft);

  return (
    <div className="notification-schedule">
      <Field label="Notify on">
        <Checkbox.Group aria-label="Notify on" value={events}
          onChange={(v) => onChange({ events: NOTIFICATION_EVENTS.filter((e) => (v as NotificationEvent[]).includes(e)) })}
          options={NOTIFICATION_EVENTS.map((e) => ({ value: e, label: NOTIFICATION_EVENT_LABELS[e] }))} />
      </Field>
      <div className="notification-inline">
        <Switch id={id('active')} checked={draft.is_active} onChange={(is_active) => onChange({ is_active })} />
        <label htmlFor={id('active')}>Active</label>
      </div>
      <Checkbox checked={draft.send_first_scan_only} disabled={!events.includes('scan')} onChange={(e) => onChange({ send_first_scan_only: e.target.checked })}>
        Send only on the first scan of each record
      </Checkbox>
      <Field label="Schedule">
        <Radio.Group optionType="button" aria-label="Schedule" value={draft.schedule_type} onChange={(e) => setType(e.target.value as ScheduleType)}
          options={SCHEDULE_TYPES.map((t) => ({ value: t, label: SCHEDULE_LABELS[t] }))} />
      </Field>
      {draft.schedule_type !== 'immediate' && (
        <div className="notification-row">
          <Field label="Time" htmlFor={id('time')}>
            <Input id={id('time')} type="time" value={draft.schedule_time} onChange={(e) => onChange({ schedule_time: e.target.value })} style={{ width: 140 }} />
          </Field>
          {draft.schedule_type === 'weekly' && (
            <Field label="Weekday" htmlFor={id('weekday')}>
              <NativeSelect<number> id={id('weekday')} value={draft.schedule_day ?? 1} onChange={(schedule_day) => onChange({ schedule_day })}
                options={WEEKDAYS.map((d, i) => ({ value: i, label: d }))} style={{ width: 160 }} />
            </Field>
          )}
          {draft.schedule_type === 'monthly' && (
            <Field label="Day of month" htmlFor={id('day')} hint="In shorter months, the last day">
              <Input id={id('day')} type="number" min={1} max={31} step={1} value={draft.schedule_day ?? ''} style={{ width: 100 }}
                onChange={(e) => onChange({ schedule_day: whole(e.target.value) })} />
            </Field>
          )}
        </div>
      )}
      <Field label="Time zone" htmlFor={id('timezone')}>
        <NativeSelect<string> id={id('timezone')} value={draft.timezone} onChange={(timezone) => onChange({ timezone })} options={zones} style={{ width: 320 }} />
      </Field>
      <div className="notification-row">
        <Field label="Retry count" htmlFor={id('retry-count')} hint={`${count.min}–${count.max} retries after a failed delivery`}>
          <Input id={id('retry-count')} type="number" min={count.min} max={count.max} step={1} value={draft.retry_count ?? ''} style={{ width: 100 }}
            onChange={(e) => onChange({ retry_count: whole(e.target.value) })} />
        </Field>
        <Field label="Retry delay (seconds)" htmlFor={id('retry-delay')} hint={`${delaySeconds.min}–${delaySeconds.max} seconds between retries`}>
          <Input id={id('retry-delay')} type="number" min={delaySeconds.min} max={delaySeconds.max} step={60} value={draft.retry_delay ?? ''} style={{ width: 120 }}
            onChange={(e) => onChange({ retry_delay: whole(e.target.value) })} />
        </Field>
      </div>
    </div>
  );
}
