import { useId, useRef, useState } from 'react';
import { Button, Checkbox, Input, Space, Typography, type GetRef } from 'antd';
import {
  cutAtWord, DEFAULT_SMS_TEMPLATE, NOTIFICATION_MESSAGES as M, notificationUpgradeMessage, SMS_MAX_CHARS,
} from '@mailcraft/shared';
import { useKeptState } from '../../lib/kept-state';
import { NativeSelect } from '../../components/native-select';
import { Field } from './field';
import {
  commonDefaults, commonError, commonFromNotification, commonInput, failureText, keptFormKey, type CommonDraft, type NotificationFormProps,
} from './notification-draft';
import { useCarriers, useNotificationActions } from './notifications-api';
import { ScheduleFields } from './schedule-fields';
import { useNotificationTest } from './use-notification-test';
import { insertIntoField, VariablePicker } from './variable-picker';

/**
 * The SMS notification form (docs/requirements/maps.md#screens): name, phone number, carrier (GET
 * /api/carriers; 'Show international carriers' switches to /api/carriers/all; retired carriers
 * are listed disabled), the Liquid template (prefilled with the default) with a live count
 * against SMS_MAX_CHARS (160; longer messages are cut at a word) and the variable picker, the
 * shared schedule settings, 'Send Test SMS' and 'Save' (POST, or PUT when editing). Refuses to
 * save without name, phone and carrier ('Name, phone number, and carrier are required'); a failed
 * save keeps the edits and reports the server's text, else 'Failed to save SMS notification'.
 */
export function SmsNotificationForm({ projectId, listId, notification, canSave, report, onSaved, onCancel }: NotificationFormProps) {
  const uid = useId();
  const id = (name: string) => `${uid}-sms-${name}`;
  const kept = (field: string) => `${keptFormKey(listId, 'sms', notification?.id)}${field}`;
  const [draft, setDraft] = useKeptState<CommonDraft>(kept('common'), () => (notification ? commonFromNotification(notification) : commonDefaults()));
  const [phone, setPhone] = useKeptState(kept('phone'), notification?.phone_number ?? '');
  const [carrierId, setCarrierId] = useKeptState<string | undefined>(kept('carrier'), notification?.carrier_id ?? undefined);
  const [template, setTemplate] = useKeptState(kept('template'), notification?.sms_template ?? DEFAULT_SMS_TEMPLATE);
  const [international, setInternational] = useState(false);
  const carriers = useCarriers(international);
  const { save } = useNotificationActions(projectId, listId);
  const tests = useNotificationTest(projectId, listId, report);
  const templateRef = useRef<GetRef<typeof Input.TextArea>>(null);
  const edit = (patch: Partial<CommonDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = async () => {
    if (!draft.name.trim() || !phone.trim() || !carrierId) return report(M.smsRequired);
    const invalid = commonError(draft);
    if (invalid) return report(invalid);
    try {
      const saved = await save.mutateAsync({
        id: notification?.id,
        body: { ...commonInput(draft, projectId, listId), type: 'sms', phone_number: phone.trim(), carrier_id: carrierId, sms_template: template },
      });
      report(M.smsSaved);
      onSaved(saved);
    } catch (err) {
      report(failureText(err, M.saveSmsFailed));
    }
  };
  const sendTest = () => tests.sms({ phoneNumber: phone.trim(), carrierId: carrierId ?? '', content: template, isLivePreview: true, listId });

  const length = template.length;
  return (
    <form className="notification-form" aria-label={notification ? `Edit SMS notification ${notification.name}` : 'New SMS notification'}
      onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <Field label="Name" htmlFor={id('name')}>
        <Input id={id('name')} value={draft.name} onChange={(e) => edit({ name: e.target.value })} placeholder="Sales team phone" maxLength={200} />
      </Field>
      <div className="notification-row">
        <Field label="Phone number" htmlFor={id('phone')}>
          <Input id={id('phone')} type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} placeholder="555-123-4567" maxLength={32} style={{ width: 200 }} />
        </Field>
        <Field label="Carrier" htmlFor={id('carrier')}>
          <NativeSelect<string> id={id('carrier')} value={carrierId} onChange={setCarrierId} placeholder={carriers.isPending ? 'Loading carriers…' : 'Select a carrier'}
            style={{ width: 260 }}
            options={(carriers.data ?? []).map((c) => ({ value: c.id, label: c.retired ? `${c.name} (retired)` : international ? `${c.name} (${c.country})` : c.name, disabled: c.retired }))} />
        </Field>
      </div>
      <Checkbox checked={international} onChange={(e) => setInternational(e.target.checked)}>Show international carriers</Checkbox>
      {carriers.isError && <Typography.Text type="danger">{M.loadCarriersFailed}</Typography.Text>}
      <Field label="Message template" htmlFor={id('template')} hint={(
        <>
          <span className={length > SMS_MAX_CHARS ? 'notification-count-over' : undefined} data-testid="sms-count">{length} / {SMS_MAX_CHARS} characters</span>
          {' '}· Counted before the variables are filled in; longer messages are cut at a word.
          {length > SMS_MAX_CHARS && <div>Cut, it would read: “{cutAtWord(template)}”</div>}
        </>
      )}>
        <Input.TextArea id={id('template')} ref={templateRef} value={template} onChange={(e) => setTemplate(e.target.value)} autoSize={{ minRows: 3, maxRows: 8 }} maxLength={1000} />
      </Field>
      <VariablePicker id={id('variable')} onPick={(f) => insertIntoField(templateRef.current?.resizableTextArea?.textArea, template, f, setTemplate)} />
      <ScheduleFields draft={draft} onChange={edit} idPrefix={id('schedule')} />
      <Space wrap>
        <Button onClick={() => void sendTest()} loading={tests.pending}>Send Test SMS</Button>
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!canSave}>Save</Button>
        <Button onClick={onCancel}>Cancel</Button>
        {!canSave && <Typography.Text type="secondary">{notificationUpgradeMessage('sms')}</Typography.Text>}
      </Space>
    </form>
  );
}
