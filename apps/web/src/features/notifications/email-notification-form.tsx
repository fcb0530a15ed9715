import { useId, useRef, useState } from 'react';
import { Button, Input, Space, Typography, type GetRef } from 'antd';
import {
  DEFAULT_EMAIL_SUBJECT, DEFAULT_EMAIL_TEMPLATE, NOTIFICATION_MESSAGES as M, notificationUpgradeMessage, splitRecipients,
} from '@mailcraft/shared';
import { useKeptState } from '../../lib/kept-state';
import { Field } from './field';
import {
  commonDefaults, commonError, commonFromNotification, commonInput, failureText, keptFormKey, type CommonDraft, type NotificationFormProps,
} from './notification-draft';
import { useNotificationActions } from './notifications-api';
import { ScheduleFields } from './schedule-fields';
import { useNotificationTest } from './use-notification-test';
import { insertIntoField, VariablePicker } from './variable-picker';


/** The recipients of a saved `email_recipients` (comma- or semicolon-joined), one row each; one empty row when none. */
export const recipientRows = (joined: string | null | undefined): string[] => {
  const rows = (joined ?? '').split(/[,;]/).map((s) => s.trim()).filter(Boolean);
  return rows.length > 0 ? rows : [''];
};
/** The rows as `email_recipients`: the non-blank ones, trimmed, joined with ', ' (docs/requirements/maps.md#data). */
export const joinRecipients = (rows: string[]): string => rows.map((s) => s.trim()).filter(Boolean).join(', ');

/**
 * The email notification form (docs/requirements/maps.md#screens): name, recipients as email inputs (Add
 * recipient / Remove; saved comma-joined), subject and body Liquid templates (prefilled with the
 * defaults) with the variable picker inserting into the last field focused, the shared schedule
 * settings, 'Send Test Email' and 'Save' (POST, or PUT when editing). Save needs a name and a
 * recipient ('Name and at least one recipient are required'), the test a valid recipient ('At
 * least one valid recipient email is required'). A failed save keeps the edits.
 */
export function EmailNotificationForm({ projectId, listId, notification, canSave, report, onSaved, onCancel }: NotificationFormProps) {
  const uid = useId();
  const id = (name: string) => `${uid}-email-${name}`;
  const kept = (field: string) => `${keptFormKey(listId, 'email', notification?.id)}${field}`;
  const [draft, setDraft] = useKeptState<CommonDraft>(kept('common'), () => (notification ? commonFromNotification(notification) : commonDefaults()));
  const [recipients, setRecipients] = useKeptState(kept('recipients'), () => recipientRows(notification?.email_recipients));
  const [subject, setSubject] = useKeptState(kept('subject'), notification?.subject ?? DEFAULT_EMAIL_SUBJECT);
  const [body, setBody] = useKeptState(kept('body'), notification?.email_template ?? DEFAULT_EMAIL_TEMPLATE);
  const [target, setTarget] = useState<'subject' | 'body'>('body');
  const subjectRef = useRef<GetRef<typeof Input>>(null);
  const bodyRef = useRef<GetRef<typeof Input.TextArea>>(null);
  const { save } = useNotificationActions(projectId, listId);
  const tests = useNotificationTest(projectId, listId, report);
  const edit = (patch: Partial<CommonDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const setRecipient = (i: number, value: string) => setRecipients((rows) => rows.map((r, j) => (j === i ? value : r)));

  const submit = async () => {
    const joined = joinRecipients(recipients);
    if (!draft.name.trim() || splitRecipients(joined).length === 0) return report(M.emailRequired);
    const invalid = commonError(draft);
    if (invalid) return report(invalid);
    try {
      const saved = await save.mutateAsync({
        id: notification?.id,
        body: { ...commonInput(draft, projectId, listId), type: 'email', email_recipients: joined, subject, email_template: body },
      });
      report(M.emailSaved);
      onSaved(saved);
    } catch (err) {
      report(failureText(err, M.saveEmailFailed));
    }
  };
  const insert = (field: string) => (target === 'subject'
    ? insertIntoField(subjectRef.current?.input, subject, field, setSubject)
    : insertIntoField(bodyRef.current?.resizableTextArea?.textArea, body, field, setBody));

  return (
    <form className="notification-form" aria-label={notification ? `Edit email notification ${notification.name}` : 'New email notification'}
      onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <Field label="Name" htmlFor={id('name')}>
        <Input id={id('name')} value={draft.name} onChange={(e) => edit({ name: e.target.value })} placeholder="Sales team inbox" maxLength={200} />
      </Field>
      <Field label="Recipients">
        <Space orientation="vertical" style={{ width: '100%' }}>
          {recipients.map((r, i) => (
            // Rows have no identity but their place; removing one re-keys the rest, which is harmless for plain inputs.
            <Space.Compact key={i} style={{ width: '100%', maxWidth: 420 }}>
              <Input type="email" aria-label={`Recipient ${i + 1}`} value={r} onChange={(e) => setRecipient(i, e.target.value)} placeholder="name@example.com" />
              {recipients.length > 1 && (
                <Button aria-label={`Remove recipient ${i + 1}`} onClick={() => setRecipients((rows) => rows.filter((_, j) => j !== i))}>Remove</Button>
              )}
            </Space.Compact>
          ))}
          <Button size="small" onClick={() => setRecipients((rows) => [...rows, ''])} disabled={recipients.length >= 20}>Add recipient</Button>
        </Space>
      </Field>
      <Field label="Subject" htmlFor={id('subject')}>
        <Input id={id('subject')} ref={subjectRef} value={subject} onChange={(e) => setSubject(e.target.value)} onFocus={() => setTarget('subject')} maxLength={300} />
      </Field>
      <Field label="Message" htmlFor={id('body')}>
        <Input.TextArea id={id('body')} ref={bodyRef} value={body} onChange={(e) => setBody(e.target.value)} onFocus={() => setTarget('body')}
          autoSize={{ minRows: 5, maxRows: 14 }} maxLength={10_000} />
      </Field>
      <Space wrap>
        <VariablePicker id={id('variable')} onPick={insert} />
        <Typography.Text type="secondary">Inserts into the {target === 'subject' ? 'subject' : 'message'}.</Typography.Text>
      </Space>
      <ScheduleFields draft={draft} onChange={edit} idPrefix={id('schedule')} />
      <Space wrap>
        <Button onClick={() => void tests.email({ recipients: joinRecipients(recipients), subject, content: body })} loading={tests.pending}>Send Test Email</Button>
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!canSave}>Save</Button>
        <Button onClick={onCancel}>Cancel</Button>
        {!canSave && <Typography.Text type="secondary">{notificationUpgradeMessage('email')}</Typography.Text>}
      </Space>
    </form>
  );
}
