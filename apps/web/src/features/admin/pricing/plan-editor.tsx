import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Input } from 'antd';
import { FEATURE_KEYS, LIMIT_KEYS, PRICE_LIMITS, type FeatureKey, type LimitKey } from '@mailcraft/shared';
import { Card } from '../../../components/card';
import { errorDetail } from '../../../lib/api-client';
import { FEATURE_LABELS } from '../../subscriptions/feature-labels';
import { formatMonthlyPrice } from '../../subscriptions/plan-price';
import { useUpdatePlan } from './pricing-admin-api';
import { LIMIT_LABELS, draftOf, lossWarning, planUpdateOf, sameDraft, type AdminPlan, type PlanDraft } from './plan-draft';

type Notice = { type: 'success' | 'error'; text: string };

/**
 * One plan's card on /admin/pricing (docs/requirements/administration.md#administration admin pricing: plans — name, monthly price, features,
 * limits): a form with the name, the monthly price (US dollars, cents allowed), a checkbox per
 * feature (FEATURE_LABELS), the limits, and how many users are on the plan. Save is enabled once
 * something differs from the saved plan and sends PUT /api/admin/plans/{id}. Taking a feature away
 * from a plan with users asks first ('12 users on Pro lose Route maps at once'). Success: 'Saved
 * the {name} plan …'; a refusal shows 'Failed to save the plan: {server message}' and keeps the edits.
 */
export function PlanEditor({ plan }: { plan: AdminPlan }) {
  const id = useId();
  const update = useUpdatePlan();
  const [draft, setDraft] = useState<PlanDraft | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const saved = draftOf(plan);
  const shown = draft ?? saved;
  const changed = draft !== null && !sameDraft(draft, saved);

  const edit = (next: Partial<PlanDraft>) => {
    setDraft({ ...shown, ...next });
    setWarning(null);
    if (notice?.type === 'success') setNotice(null);
  };
  const setFeature = (k: FeatureKey, on: boolean) => edit({ features: { ...shown.features, [k]: on } });
  const setLimit = (k: LimitKey, text: string) => edit({ limits: { ...shown.limits, [k]: text } });

  const save = (confirmed: boolean) => {
    const body = planUpdateOf(shown);
    if ('error' in body) return setNotice({ type: 'error', text: body.error });
    const loss = lossWarning(plan, shown);
    if (loss && !confirmed) return setWarning(loss);
    setWarning(null);
    setNotice(null);
    update.mutate({ id: plan.id, ...body.update }, {
      onSuccess: () => {
        setDraft(null);
        setNotice({ type: 'success', text: `Saved the ${body.update.name.trim()} plan. Its users have the change on their next request.` });
      },
      onError: (err) => setNotice({ type: 'error', text: `Failed to save the plan: ${errorDetail(err)}` }),
    });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (changed) save(false);
  };

  const users = plan.subscribers === 1 ? '1 user on this plan' : `${plan.subscribers.toLocaleString()} users on this plan`;
  return (
    <Card title={plan.name} extra={<span className="admin-hint">{users}</span>} className="pricing-plan">
      <form aria-label={`${plan.name} plan`} onSubmit={submit} className="pricing-plan-form">
        <div className="pricing-field">
          <label htmlFor={`${id}-name`}>Name</label>
          <Input id={`${id}-name`} value={shown.name} maxLength={60} onChange={(e) => edit({ name: e.target.value })} />
        </div>
        <div className="pricing-field">
          <label htmlFor={`${id}-price`}>Monthly price</label>
          <Input id={`${id}-price`} type="number" prefix="$" min={0} max={PRICE_LIMITS.monthly} step={0.01} inputMode="decimal"
            value={shown.price} onChange={(e) => edit({ price: e.target.value })} aria-describedby={`${id}-price-hint`} />
          <span id={`${id}-price-hint`} className="admin-hint">Now {formatMonthlyPrice(plan.monthly_price)}; 0 shows as Free.</span>
        </div>
        <fieldset className="pricing-plan-features">
          <legend>Features</legend>
          {FEATURE_KEYS.map((k) => (
            <Checkbox key={k} checked={shown.features[k]} onChange={(e) => setFeature(k, e.target.checked)}>{FEATURE_LABELS[k].label}</Checkbox>
          ))}
        </fieldset>
        {LIMIT_KEYS.map((k) => (
          <div key={k} className="pricing-field">
            <label htmlFor={`${id}-${k}`}>{LIMIT_LABELS[k]}</label>
            <Input id={`${id}-${k}`} type="number" min={1} step={1} inputMode="numeric" value={shown.limits[k]} onChange={(e) => setLimit(k, e.target.value)} />
          </div>
        ))}
        {notice && (
          <Alert className="pricing-plan-notice" type={notice.type} showIcon role={notice.type === 'error' ? 'alert' : 'status'} title={notice.text} />
        )}
        {warning ? (
          <div className="admin-confirm pricing-plan-actions" role="alertdialog" aria-label={`Confirm the change to ${plan.name}`}>
            <span>{warning}. Save anyway?</span>
            <Button type="primary" danger loading={update.isPending} onClick={() => save(true)}>Save anyway</Button>
            <Button onClick={() => setWarning(null)}>Cancel</Button>
          </div>
        ) : (
          <div className="pricing-plan-actions">
            <Button type="primary" htmlType="submit" disabled={!changed} loading={update.isPending}>{update.isPending ? 'Saving…' : 'Save'}</Button>
            <Button disabled={!changed || update.isPending} onClick={() => { setDraft(null); setNotice(null); }}>Discard changes</Button>
          </div>
        )}
      </form>
    </Card>
  );
}
