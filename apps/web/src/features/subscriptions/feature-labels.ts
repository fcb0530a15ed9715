import type { FeatureKey } from '@mailcraft/shared';

/**
 * How the app names each on/off feature of a plan (pricing and billing pages; docs/requirements/administration.md#administration), in the words of the
 * descriptions of `ZPlanFeaturesSchema` (packages/shared/src/plans.ts). Written here rather than
 * read from the schema so the page does not load zod (docs/requirements/workflow.md#clear-states-and-fast-pages). `plural` picks 'are'/'is' in
 * 'Route maps are included from the Pro plan'.
 */
export const FEATURE_LABELS: Record<FeatureKey, { label: string; plural: boolean }> = {
  print_files: { label: 'Print-ready PDF files', plural: true },
  qr_codes: { label: 'Tracked QR codes', plural: true },
  webhooks: { label: 'Webhooks on scans', plural: true },
  notifications: { label: 'SMS and email scan notifications', plural: true },
  maps: { label: 'Route maps', plural: true },
  api: { label: 'Print-on-Demand API', plural: false },
};
