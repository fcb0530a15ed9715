import type { Template } from '@pdfme/common';
import { PAGE_PADDING_MM, PAPER_SIZES_MM, blankTemplate, type PaperSize, type TDesignTemplate } from '@mailcraft/shared';

/** The two sides of a mail piece as the design payload names them (docs/requirements/designer.md#design-template template). */
export type MainSide = 'inside' | 'outside';
/** The Designer tabs of a project's reinforcements R1–R3 (docs/requirements/print-on-demand-api.md#data), one page each. */
export const REINFORCEMENT_SIDES = ['r1', 'r2', 'r3'] as const;
export type ReinforcementSide = (typeof REINFORCEMENT_SIDES)[number];
/** A page the Designer edits: a side of the mail piece or a reinforcement. */
export type Side = MainSide | ReinforcementSide;
export type SideTemplates = { inside: Template; outside: Template | null };

export const SIDE_LABELS: Record<MainSide, string> = { outside: 'Outside (address side)', inside: 'Inside' };

/** Whether `side` is a reinforcement tab ('r1'…'r3') rather than a side of the mail piece. */
export const isReinforcementSide = (side: Side): side is ReinforcementSide => (REINFORCEMENT_SIDES as readonly string[]).includes(side);

/** The project's page in mm (docs/requirements/designer.md#limits), 8.5x11 for an unknown size. */
export function pageSize(paperSize: string): { width: number; height: number } {
  return PAPER_SIZES_MM[paperSize as PaperSize] ?? PAPER_SIZES_MM['8.5x11'];
}

/**
 * A saved template on the project's page: the base page takes the project's width and height and
 * 6.35 mm padding on every side (docs/requirements/designer.md#limits); elements keep their positions. Missing templates
 * become blank pages.
 */
export function onProjectPage(template: TDesignTemplate | null | undefined, paperSize: string): Template {
  const { width, height } = pageSize(paperSize);
  const p = PAGE_PADDING_MM;
  const t = (template ?? blankTemplate((paperSize in PAPER_SIZES_MM ? paperSize : '8.5x11') as PaperSize)) as unknown as Template;
  const schemas = Array.isArray(t.schemas) && t.schemas.length > 0 ? t.schemas : [[]];
  const base = typeof t.basePdf === 'object' && !(t.basePdf instanceof ArrayBuffer) && !(t.basePdf instanceof Uint8Array) ? t.basePdf : {};
  return { ...t, schemas, basePdf: { ...base, width, height, padding: [p, p, p, p] } };
}

/** A template's content for change detection: stable key order, without pdfme's version stamp. */
export function templateFingerprint(template: Template | null): string {
  if (!template) return 'null';
  const { pdfmeVersion: _version, ...rest } = template;
  return JSON.stringify(rest, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => a.localeCompare(b)))
      : value,
  );
}
