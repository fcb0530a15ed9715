import { describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGES as M } from '@mailcraft/shared';
import { ApiError } from '../../lib/api-client';
import { commonDefaults, commonError, commonInput, failureText, scheduleInWords } from './notification-draft';
import { insertVariable } from './variable-picker';
import { composeWebhookUrl } from './webhook-url';

describe('notification drafts', () => {
  it('defaults to immediate, 3 retries 300 s apart, in the browser\'s time zone', () => {
    const d = commonDefaults();
    expect(d).toMatchObject({ schedule_type: 'immediate', retry_count: 3, retry_delay: 300, is_active: true, send_first_scan_only: false });
    expect(d.timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(commonInput(d, 'p1', 'l1')).toMatchObject({ schedule_time: null, schedule_day: null });
  });

  it('checks digests and retries with the server\'s messages', () => {
    const d = commonDefaults();
    expect(commonError(d)).toBeNull();
    expect(commonError({ ...d, schedule_type: 'daily', schedule_time: '' })).toBe(M.scheduleTime);
    expect(commonError({ ...d, schedule_type: 'weekly', schedule_day: 7 })).toBe(M.scheduleWeekday);
    expect(commonError({ ...d, schedule_type: 'monthly', schedule_day: 0 })).toBe(M.scheduleMonthDay);
    expect(commonError({ ...d, retry_count: 11 })).toBe(M.retryCount);
    expect(commonError({ ...d, retry_delay: 59 })).toBe(M.retryDelay);
    expect(commonInput({ ...d, schedule_type: 'daily', schedule_day: 3 }, 'p1', 'l1')).toMatchObject({ schedule_time: '09:00', schedule_day: null });
  });

  it('says the schedule in words', () => {
    expect(scheduleInWords({ schedule_type: 'monthly', schedule_time: '07:15', schedule_day: 31, timezone: 'UTC' })).toBe('Monthly on day 31 (or the last day) at 07:15 (UTC)');
    expect(scheduleInWords({ schedule_type: 'daily', schedule_time: '18:00', schedule_day: null, timezone: 'America/New_York' })).toBe('Daily at 18:00 (America/New_York)');
  });

  it('shows the server\'s text when there is one, else the spec\'s', () => {
    expect(failureText(new ApiError(400, 'Bad Request', 'Unknown carrier', 'VALIDATION'), M.saveSmsFailed)).toBe('Unknown carrier');
    expect(failureText(new TypeError('Failed to fetch'), M.saveSmsFailed)).toBe(M.saveSmsFailed);
  });

  it('inserts a variable at the cursor', () => {
    expect(insertVariable('Hi !', 'first_name', 3, 3)).toEqual({ value: 'Hi {{ first_name }}!', caret: 19 });
    expect(insertVariable('Hi', 'city')).toEqual({ value: 'Hi{{ city }}', caret: 12 });
  });

  it('composes a webhook URL onto an endpoint that already has a query', () => {
    const mapping = { selectedFields: [], variables: [{ field: 'zip', param: 'zip' }, { field: '', param: 'x' }], staticParams: [{ name: 'a', value: '' }] };
    expect(composeWebhookUrl('https://h.example/p?k=1', mapping)).toBe('https://h.example/p?k=1&zip={{zip}}');
    expect(composeWebhookUrl(' ', mapping)).toBe('');
  });
});
