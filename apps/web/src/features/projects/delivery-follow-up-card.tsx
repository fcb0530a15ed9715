import { useEffect, useId, useState } from 'react';
import { Alert, Button, Input, Skeleton, Space, Switch, Typography } from 'antd';
import {
  DELIVERY_FOLLOW_UP, DELIVERY_FOLLOW_UP_MESSAGES as M, REINFORCEMENT_SLOTS, type TDeliveryFollowUp, type TProject,
} from '@mailcraft/shared';
import { Card } from '../../components/card';
import { NativeSelect } from '../../components/native-select';
import { errorDetail } from '../../lib/api-client';
import { useDeliveryFollowUp, useSaveDeliveryFollowUp } from './projects-api';

type Draft = { enabled: boolean; slot: number; days: string };
const draftOf = (f: TDeliveryFollowUp): Draft => ({ enabled: f.enabled, slot: f.reinforcement_slot, days: String(f.delay_days) });

/** A typed whole number of days in range, or null (the form then names the range: DELIVERY_FOLLOW_UP_MESSAGES.delayDays). */
function daysOf(typed: string): number | null {
  const n = Number(typed.trim());
  const { min, max } = DELIVERY_FOLLOW_UP.delayDays;
  return typed.trim() !== '' && Number.isInteger(n) && n >= min && n <= max ? n : null;
}

/**
 * The project page's 'Follow-up after delivery' card (docs/requirements/mail-tracking.md#delivery-events): when a piece of the
 * project is delivered, place an on-demand order of reinforcement R1–R3 (the ones with a thumbnail are marked as
 * designed) for the piece's record after N days (0–365). Shows how many follow-ups wait, were placed and could not
 * be placed. A refused save keeps the edits and shows the server's reason ('Failed to save the follow-up: …').
 */
export function DeliveryFollowUpCard({ project }: { project: TProject }) {
  const uid = useId();
  const followUp = useDeliveryFollowUp(project.id);
  const save = useSaveDeliveryFollowUp(project.id);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    if (followUp.data && !draft) setDraft(draftOf(followUp.data));
  }, [followUp.data, draft]);

  const submit = async () => {
    if (!draft) return;
    const days = daysOf(draft.days);
    if (days === null) return setResult({ ok: false, text: M.delayDays });
    try {
      const saved = await save.mutateAsync({ enabled: draft.enabled, reinforcement_slot: draft.slot as 1 | 2 | 3, delay_days: days });
      setDraft(draftOf(saved));
      setResult({ ok: true, text: M.saved });
    } catch (err) {
      setResult({ ok: false, text: `${M.saveFailed}: ${errorDetail(err)}` });
    }
  };

  const designed = (slot: number) => !!project[`thumbnail_r${slot}` as 'thumbnail_r1'];
  const data = followUp.data;
  return (
    <Card title="Follow-up after delivery" style={{ marginTop: 16 }}>
      {followUp.isPending && <Skeleton active paragraph={{ rows: 2 }} />}
      {followUp.isError && <Alert type="error" showIcon title={`${M.loadFailed}: ${errorDetail(followUp.error)}`} />}
      {draft && data && (
        <form aria-label="Follow-up after delivery" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
          <Typography.Paragraph type="secondary">
            When a piece of this project is delivered, order a reinforcement for its recipient a few days later.
          </Typography.Paragraph>
          <Space wrap align="center">
            <Switch id={`${uid}-on`} checked={draft.enabled} onChange={(enabled) => setDraft({ ...draft, enabled })} />
            <label htmlFor={`${uid}-on`}>Order</label>
            <NativeSelect<number> id={`${uid}-slot`} aria-label="Reinforcement" value={draft.slot} style={{ width: 180 }}
              onChange={(slot) => setDraft({ ...draft, slot })}
              options={REINFORCEMENT_SLOTS.map((s) => ({ value: s, label: designed(s) ? `R${s}` : `R${s} (no design yet)` }))} />
            <label htmlFor={`${uid}-days`}>after</label>
            <Input id={`${uid}-days`} aria-label="Days after delivery" type="number" min={DELIVERY_FOLLOW_UP.delayDays.min} max={DELIVERY_FOLLOW_UP.delayDays.max}
              step={1} value={draft.days} style={{ width: 90 }} onChange={(e) => setDraft({ ...draft, days: e.target.value })} />
            <span>days</span>
            <Button type="primary" htmlType="submit" loading={save.isPending}>Save</Button>
          </Space>
          <div style={{ marginTop: 8 }}>
            <Typography.Text type="secondary">{`${data.scheduled} waiting · ${data.placed} placed · ${data.not_placed} not placed`}</Typography.Text>
          </div>
          {result && <Typography.Text type={result.ok ? 'success' : 'danger'} role={result.ok ? 'status' : 'alert'}>{result.text}</Typography.Text>}
        </form>
      )}
    </Card>
  );
}
