import { Skeleton, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useAuth } from '../auth/auth-api';
import { PlanCard } from './plan-card';
import { useCurrentPlanId, usePlans } from './pricing-api';
import { featureNote } from './pricing-labels';
import { cheapestPlanWith, formatPiecePrice, isFeatureKey } from './pricing-rules';
import './pricing.css';
import { PlansFailure } from '../subscriptions/plans-failure';

/**
 * /pricing (public; docs/requirements/workflow.md#route-table route table, §6 plan gating, §9 plans; docs/requirements/administration.md#administration): the plans of
 * GET /api/plans side by side (stacked on phones) with price, every feature ticked or not and the
 * limits; the per-piece prices of on-demand orders below. Signed in, the user's plan is marked
 * 'Your plan' (GET /api/subscriptions/current, asked only when signed in). `?feature={key}` — the
 * upgrade link of a gated screen — highlights that feature in every card and recommends the
 * cheapest plan with it; a value that is not a feature key is ignored. 'Choose {plan}' leads to
 * /billing?plan={id}, through sign-in when signed out.
 */
export function PricingPage() {
  const { authenticated } = useAuth();
  const plans = usePlans();
  const currentPlanId = useCurrentPlanId(authenticated);
  const [params] = useSearchParams();
  const asked = params.get('feature');
  const feature = isFeatureKey(asked) ? asked : null;

  let body;
  if (plans.isPending) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else if (plans.isError) {
    body = <PlansFailure plans={plans} />;
  } else {
    const { plans: list, piece_prices: piecePrices } = plans.data;
    const recommended = feature ? cheapestPlanWith(list, feature) : null;
    body = (
      <>
        {feature && <p className="pricing-note">{featureNote(feature, recommended?.name ?? null)}</p>}
        <div className="pricing-grid">
          {list.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              highlight={feature}
              current={plan.id === currentPlanId}
              recommended={plan.id === recommended?.id}
              signedIn={authenticated}
            />
          ))}
        </div>
        <section className="pricing-pieces" aria-labelledby="pricing-pieces-title">
          <Typography.Title level={3} id="pricing-pieces-title">On-demand orders, per piece</Typography.Title>
          <ul className="pricing-list">
            <li>On-demand mailing piece: {formatPiecePrice(piecePrices.mailing)}</li>
            <li>Reinforcement piece: {formatPiecePrice(piecePrices.reinforcement)}</li>
          </ul>
        </section>
      </>
    );
  }

  return (
    <div className="pricing-page">
      <Typography.Title level={2}>Plans and pricing</Typography.Title>
      {body}
    </div>
  );
}
