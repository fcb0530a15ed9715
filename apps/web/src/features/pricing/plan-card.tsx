import { useId, type MouseEvent } from 'react';
import { Button } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { FEATURE_KEYS, type FeatureKey, type TPlan } from '@mailcraft/shared';
import { Card } from '../../components/card';
import { FEATURE_LABELS } from './pricing-labels';
import { choosePlanHref, formatMonthlyPrice, limitLines } from './pricing-rules';

/** What one pricing card shows besides its plan. */
export type PlanCardProps = {
  /** One plan of GET /api/plans (price in US dollars per month). */
  plan: TPlan;
  /** The `?feature=` being asked about: its row is highlighted. */
  highlight: FeatureKey | null;
  /** The signed-in user's plan: marked 'Your plan', its button disabled 'Current plan'. */
  current: boolean;
  /** The cheapest plan with the highlighted feature: marked 'Recommended'. */
  recommended: boolean;
  signedIn: boolean;
};

/**
 * One plan on /pricing (docs/requirements/administration.md#administration): name, monthly price ('Free' or '$99 / month'), every feature with
 * a tick or a cross and the words 'included' / 'not included' for screen readers, the limits
 * written out, and 'Choose {name}' (→ /billing?plan={id}, or sign-in first). A region named by the
 * plan's name.
 */
export function PlanCard({ plan, highlight, current, recommended, signedIn }: PlanCardProps) {
  const titleId = useId();
  const navigate = useNavigate();
  const href = choosePlanHref(plan.id, signedIn);
  // A real link (open in a new tab works), followed inside the app on a plain click.
  const follow = (e: MouseEvent) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(href);
  };
  const className = ['pricing-card', current ? 'pricing-card-current' : '', recommended ? 'pricing-card-recommended' : ''].filter(Boolean).join(' ');
  return (
    <Card
      role="region"
      aria-labelledby={titleId}
      className={className}
      title={<h3 id={titleId} className="pricing-plan-name">{plan.name}</h3>}
      extra={(current || recommended) && (
        <span className="pricing-badges">
          {current && <span className="pricing-badge pricing-badge-current">Your plan</span>}
          {recommended && <span className="pricing-badge pricing-badge-recommended">Recommended</span>}
        </span>
      )}
    >
      <p className="pricing-price">{formatMonthlyPrice(plan.monthly_price)}</p>
      <ul className="pricing-list" aria-label={`${plan.name} features`}>
        {FEATURE_KEYS.map((feature) => {
          const included = plan.features[feature];
          const rowClass = ['pricing-feature', included ? 'pricing-feature-on' : 'pricing-feature-off', feature === highlight ? 'pricing-feature-highlight' : ''];
          return (
            <li key={feature} className={rowClass.filter(Boolean).join(' ')}>
              {included ? <CheckOutlined className="pricing-tick" aria-hidden /> : <CloseOutlined className="pricing-cross" aria-hidden />}
              <span>{FEATURE_LABELS[feature].label}<span className="pricing-sr-only">: {included ? 'included' : 'not included'}</span></span>
            </li>
          );
        })}
      </ul>
      <ul className="pricing-list pricing-limits" aria-label={`${plan.name} limits`}>
        {limitLines(plan.features).map((line) => <li key={line}>{line}</li>)}
      </ul>
      {current ? (
        <Button block disabled>Current plan</Button>
      ) : (
        <Button block type={recommended ? 'primary' : 'default'} href={href} onClick={follow}>{`Choose ${plan.name}`}</Button>
      )}
    </Card>
  );
}
