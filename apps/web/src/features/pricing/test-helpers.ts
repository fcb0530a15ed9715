import type { PlanId } from '@mailcraft/shared';
import { Failure, stubServer, type Call } from '../../test/fake-server';
import { PLANS } from '../subscriptions/plans-fixture';

export { PLANS };

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
