import { Alert, Button, Skeleton, Typography } from 'antd';
import { Card } from '../../../components/card';
import { errorDetail } from '../../../lib/api-client';
import { AdminNav } from '../admin-nav';
import { AuditLog } from '../audit-log';
import { PiecePrices } from './piece-prices';
import { PlanEditor } from './plan-editor';
import { useAdminPricing } from './pricing-admin-api';
import { SchedulePriceForm } from './schedule-price-form';
import '../admin.css';
import './pricing-admin.css';

/**
 * /admin/pricing (docs/requirements/workflow.md#route-table; docs/requirements/administration.md#administration admin pricing; administrators only, the router's guard
 * sends others to /): the plans, each edited on its own card (name, monthly price, features,
 * limits), the per-piece prices of print files and on-demand orders with their schedule and a
 * form to set a price from a day, and the pricing changes of the audit log. Data: GET /api/admin/pricing.
 */
export function AdminPricingPage() {
  const pricing = useAdminPricing();
  return (
    <div className="page-narrow">
      <AdminNav />
      <Typography.Title level={2}>Pricing</Typography.Title>
      {pricing.isError ? (
        <Alert type="error" showIcon title={`Failed to load pricing: ${errorDetail(pricing.error)}`}
          action={<Button size="small" loading={pricing.isFetching} onClick={() => void pricing.refetch()}>Retry</Button>} />
      ) : (
        <>
          <section className="admin-section" aria-label="Plans">
            <Typography.Title level={3}>Plans</Typography.Title>
            <p className="admin-hint">Changes apply to every user on the plan from their next request, and show on /pricing and /billing.</p>
            {pricing.isPending ? <Skeleton active paragraph={{ rows: 6 }} /> : (
              <div className="pricing-plans">{pricing.data.plans.map((plan) => <PlanEditor key={plan.id} plan={plan} />)}</div>
            )}
          </section>
          <Card title="Per-piece prices" className="admin-section" loading={pricing.isPending}>
            {pricing.data && <PiecePrices prices={pricing.data.prices} />}
          </Card>
          <Card title="Schedule a price" className="admin-section">
            <SchedulePriceForm />
          </Card>
        </>
      )}
      <AuditLog area="pricing" />
    </div>
  );
}
