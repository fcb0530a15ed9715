/**
 * Plans and what they allow (docs/requirements/plans-and-billing.md#plans plan gating, §9 plans; docs/requirements/print-on-demand-api.md#api-access:
 * the API needs Pro or higher). Feature keys and limits are typed here once for server and web;
 * the schemas are in plans.ts (apart, so plan checks in the web app do not load zod, docs/requirements/workflow.md#clear-states-and-fast-pages).
 */

/** Plan ids, cheapest first. 'free' and 'pay_as_you_go' count as free plans (docs/requirements/plans-and-billing.md#plan-gating). */
export const PLAN_IDS = ['free', 'pay_as_you_go', 'pro', 'business'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export const FREE_PLAN_IDS: readonly PlanId[] = ['free', 'pay_as_you_go'];

/** On/off features checked by plan gating (docs/requirements/plans-and-billing.md#plan-gating, docs/requirements/plans-and-billing.md#plan-gating, docs/requirements/print-on-demand-api.md#api-access). */
export const FEATURE_KEYS = ['print_files', 'qr_codes', 'webhooks', 'notifications', 'maps', 'api'] as const;
export type FeatureKey = (typeof FEATURE_KEYS)[number];

/** Numeric limits of a plan; a user over a limit gets 402 with an upgrade link. */
export const LIMIT_KEYS = ['max_projects', 'max_list_rows'] as const;
export type LimitKey = (typeof LIMIT_KEYS)[number];

/** Message when a plan lacks a feature (402), naming the feature, the plan (docs/requirements/administration.md#administration) and the upgrade page (docs/requirements/plans-and-billing.md#plan-gating). */
export const featureRequiredMessage = (feature: FeatureKey, planName?: string) =>
  `Your ${planName ? `${planName} plan` : 'plan'} does not include ${feature === 'api' ? 'API access' : feature.replace(/_/g, ' ')}. Upgrade at /pricing?feature=${feature}`;
