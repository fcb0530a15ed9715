import { Link } from 'react-router';
import { FEATURE_KEYS, type TPlanFeatures } from '@mailcraft/shared';
import { Card } from '../../components/card';
import { formatMonthlyPrice } from './plan-price';
import { FEATURE_LABELS } from './feature-labels';
import { formatCount } from './billing-rules';

/** What the current plan card of /billing shows. */
export type BillingPlanCardProps = {
  /** The plan's name (GET /api/billing `plan_name`). */
  name: string;
  /** Its price, US dollars a month (GET /api/billing `monthly_price`); 0 shows 'Free'. */
  monthlyPrice: number;
  /** The subscription status (GET /api/subscriptions/current), e.g. 'active'; not shown when absent. */
  status?: string;
  /** The features map plan gating uses (GET /api/subscriptions/current `features`, docs/requirements/plans-and-billing.md#plan-gating). */
  features: TPlanFeatures;
};

/**
 * The user's plan on /billing (docs/requirements/print-on-demand-api.md#print-on-demand-api, docs/requirements/administration.md#administration): 'Your plan: {name}', its price ('$99 / month' or
 * 'Free'), every feature included or not, the limits (projects, records per list), and a link to
 * /pricing to compare the plans.
 */
export function BillingPlanCard({ name, monthlyPrice, status, features }: BillingPlanCardProps) {
  return (
    <Card title={`Your plan: ${name}`} extra={status && <span style={{ color: 'rgba(0, 0, 0, 0.45)' }}>{status}</span>}>
      <p style={{ margin: '0 0 12px', fontSize: 20, fontWeight: 600 }}>{formatMonthlyPrice(monthlyPrice)}</p>
      <ul aria-label="Plan features" style={{ paddingLeft: '1.2rem' }}>
        {FEATURE_KEYS.map((f) => (
          <li key={f}>{FEATURE_LABELS[f].label}: <strong>{features[f] ? 'included' : 'not included'}</strong></li>
        ))}
        <li>Projects: <strong>{formatCount(features.max_projects)}</strong></li>
        <li>Records per list: <strong>{formatCount(features.max_list_rows)}</strong></li>
      </ul>
      <Link to="/pricing">Compare all plans</Link>
    </Card>
  );
}
