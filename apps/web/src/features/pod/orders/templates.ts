import { ORDER_FORMATS, REINFORCEMENT_SLOTS, type ReinforcementSlot, type TemplateType, type TProject } from '@mailcraft/shared';

/** A piece format of an order (docs/requirements/print-on-demand-api.md#limits): postcard, mailer-letter or mailer-tabloid. */
export type OrderFormat = (typeof ORDER_FORMATS)[number];

/** One side's picture on a template card: 'Outside', 'Inside' or 'Front', and its thumbnail URL or null. */
export type TemplateFace = { label: string; url: string | null };

/**
 * A pseudo-template of order entry (docs/requirements/print-on-demand-api.md#template): the project's main mailer
 * ('{projectId}-main', 2 sides) or one of its reinforcements ('{projectId}-r1'…'-r3', 1 side).
 */
export type PseudoTemplate = {
  id: string;
  kind: 'main' | 'reinforcement';
  /** 1–3 for a reinforcement, null for the main template. */
  slot: ReinforcementSlot | null;
  name: string;
  type: TemplateType;
  sides: 1 | 2;
  faces: TemplateFace[];
};

/** The project fields the templates are built from (thumbnails are same-origin image URLs or null). */
export type TemplateSource = Pick<TProject, 'id' | 'name' | 'thumbnail_outside' | 'thumbnail_inside' | 'thumbnail_r1' | 'thumbnail_r2' | 'thumbnail_r3'>
  & { template_type?: TemplateType | null };

/**
 * The mailer type of a project's templates. docs/requirements/print-on-demand-api.md#data derives it from the name ('self-mailer' in
 * it → self_mailer, else postcard) because the original API did not return the type; ours does
 * (`template_type`, docs/requirements/projects.md#data) and the server checks an order's format against it, so the
 * project's own type wins and the name rule is only the fallback when the type is missing.
 */
export function projectTemplateType(project: Pick<TemplateSource, 'name' | 'template_type'>): TemplateType {
  if (project.template_type) return project.template_type;
  return project.name.toLowerCase().includes('self-mailer') ? 'self_mailer' : 'postcard';
}

const thumbnailOf = (project: TemplateSource, slot: ReinforcementSlot) => project[`thumbnail_r${slot}`];

/**
 * The pseudo-templates of `project` (docs/requirements/print-on-demand-api.md#data): the main one first — id '{projectId}-main', 2
 * sides, faces Outside and Inside (thumbnail URL or null) — then '{projectId}-r{n}' for each slot
 * 1–3 whose thumbnail_r{n} is set, 1 side, face 'Front'. All share the project's type.
 */
export function buildTemplates(project: TemplateSource): PseudoTemplate[] {
  const type = projectTemplateType(project);
  const main: PseudoTemplate = {
    id: `${project.id}-main`, kind: 'main', slot: null, name: 'Main mailer', type, sides: 2,
    faces: [{ label: 'Outside', url: project.thumbnail_outside }, { label: 'Inside', url: project.thumbnail_inside }],
  };
  const reinforcements = REINFORCEMENT_SLOTS.filter((slot) => !!thumbnailOf(project, slot)).map((slot): PseudoTemplate => ({
    id: `${project.id}-r${slot}`, kind: 'reinforcement', slot, name: `Reinforcement ${slot}`, type, sides: 1,
    faces: [{ label: 'Front', url: thumbnailOf(project, slot) }],
  }));
  return [main, ...reinforcements];
}

/** Formats a template of `type` can be ordered in (docs/requirements/print-on-demand-api.md#order-form-rules): self-mailer → mailer-letter, mailer-tabloid; otherwise postcard. */
export function formatChoices(type: TemplateType): OrderFormat[] {
  return type === 'self_mailer' ? ['mailer-letter', 'mailer-tabloid'] : ['postcard'];
}

/** The format chosen at first and when a template card is picked (docs/requirements/print-on-demand-api.md#rules): mailer-letter for self-mailers, else postcard. */
export function defaultFormat(type: TemplateType): OrderFormat {
  return formatChoices(type)[0];
}

/** `projects` newest first by `created_at` (docs/requirements/print-on-demand-api.md#api: the client sorts them); a new array. */
export function newestFirst<P extends { created_at: string }>(projects: readonly P[]): P[] {
  return [...projects].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}
