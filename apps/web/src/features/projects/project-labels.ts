import {
  MAILER_SIZES, type PaperSize, type PermitType, type Sides, type TemplateType,
} from '@mailcraft/shared';

/** How the spec's values read on screen (docs/requirements/projects.md#project). */
export const TEMPLATE_TYPE_LABELS: Record<TemplateType, string> = { self_mailer: 'Self-Mailer', postcard: 'Postcard' };
export const SIDES_LABELS: Record<Sides, string> = { single: 'Single-sided', double: 'Double-sided' };
/** 'product' is the product's own permit ({product} in docs/requirements/projects.md#data), i.e. Mailcraft's. */
export const PERMIT_TYPE_LABELS: Record<PermitType, string> = {
  product: 'Mailcraft permit',
  custom: 'My own permit',
  none: 'No permit',
};

export const templateTypeOptions = (Object.keys(TEMPLATE_TYPE_LABELS) as TemplateType[]).map((value) => ({
  value,
  label: TEMPLATE_TYPE_LABELS[value],
}));
export const sidesOptions = (Object.keys(SIDES_LABELS) as Sides[]).map((value) => ({ value, label: SIDES_LABELS[value] }));

/** Mailer sizes allowed for a type (docs/requirements/projects.md#rules); the first is the size a type change resets to (§4). */
export const mailerSizeOptions = (type: TemplateType) =>
  MAILER_SIZES[type].map((value: PaperSize) => ({ value, label: value }));

export const labelOf = <K extends string>(labels: Record<K, string>, key: string): string =>
  labels[key as K] ?? key;

/** 'Self-Mailer · 8.5x11 · Double-sided'. */
export function mailerSummary(p: { template_type: string; paper_size: string; sides: string }): string {
  return [labelOf(TEMPLATE_TYPE_LABELS, p.template_type), p.paper_size, labelOf(SIDES_LABELS, p.sides)].join(' · ');
}

/** A created_at timestamp as a short date, e.g. 'Mar 3, 2026'. */
export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
