import type { TPlanFeatures, TPlans } from '@mailcraft/shared';

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
  piece_prices: { print_piece: 0.45, mailing: 1.25, reinforcement: 0.25 },
};
