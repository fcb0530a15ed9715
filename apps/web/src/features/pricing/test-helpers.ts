import type { PlanId, TPlanFeatures, TPlans } from '@mailcraft/shared';
import { Failure, stubServer, type Call } from '../../test/fake-server';

const features = (on: Partial<TPlanFeatures>): TPlanFeatures => ({
  print_files: true, qr_codes: true, webhooks: false, notifications: false, maps: false, api: false,
  max_projects: 25, max_list_rows: 250_000, ...on,
});

/** GET /api/plans as the seeded database answers it (apps/server/drizzle 0003, 0016). */
export const PLANS: TPlans = {
  plans: [
    { id: 'free', name: 'Free', monthly_price: 0, features: features({}) },
    { id: 'pay_as_you_go', name: 'Pay as you go', monthly_price: 0, features: features({ webhooks: true, notifications: true, maps: true, max_projects: 100 }) },
    { id: 'pro', name: 'Pro', monthly_price: 99, features: features({ webhooks: true, notifications: true, maps: true, api: true, max_projects: 500 }) },
    { id: 'business', name: 'Business', monthly_price: 299, features: features({ webhooks: true, notifications: true, maps: true, api: true, max_projects: 10_000 }) },
  ],
  piece_prices: { mailing: 1.25, reinforcement: 0.25 },
};

/**
 * The server behind /pricing: the plans (or `plans` as a handler), and signed in on `plan` or
 * anonymous (`plan` null: auth status signed out, /api/subscriptions/current 401).
 */
export function pricingServer({ plan = null, plans = () => PLANS }: { plan?: PlanId | null; plans?: (c: Call) => unknown } = {}) {
  const user = { id: 'u1', email: 'ann@example.com', given_name: 'Ann', is_admin: false };
  return stubServer({
    'GET /api/plans': plans,
    'GET /api/auth/status': () => (plan ? { authenticated: true, user, expires_at: null } : { authenticated: false, user: null, expires_at: null }),
    'GET /api/subscriptions/current': () => {
      if (!plan) throw new Failure(401, 'Please log in');
      const current = PLANS.plans.find((p) => p.id === plan)!;
      return { subscription: { plan: { id: plan, name: plan, display_name: current.name, features: current.features }, status: 'active' }, features: current.features };
    },
  });
}
