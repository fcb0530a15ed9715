import { PERMIT_LINE_MAX, type PermitType } from './constants.js';
import type { TIndicia } from './permits.js';

// Indicia lines of projects and of the product permit, apart from the zod schemas in permits.ts so
// that a page showing a permit does not load zod (docs/requirements/workflow.md#clear-states-and-fast-pages: first load ≤ 300 KB gzip).

/** The indicia lines in print order. */
export const indiciaLines = (i: TIndicia) => [i.line1, i.line2, i.line3, i.line4, i.line5, i.line6];

/** The product permit's number, at most this long: 'PERMIT NO. ' and the number fit in one 20-character line. */
export const PRODUCT_PERMIT_NUMBER_MAX = PERMIT_LINE_MAX - 'PERMIT NO. '.length;

/**
 * Indicia of the product's own permit, printed on projects whose permit_type is 'product'
 * (docs/requirements/projects.md#data: permit_type {product}, custom or none): the mail is entered under the operator's
 * permit, so no user permit is needed. Complete or absent (docs/requirements/workflow.md#clear-states-and-fast-pages: a permit imprint without its
 * number is not a legal indicia, USPS DMM 604.5.3): the operator sets the permit number and the
 * city and state of the entry post office (PRODUCT_PERMIT_NUMBER, PRODUCT_PERMIT_CITY).
 */
export function productPermitIndicia(permitNumber: string, city: string): TIndicia {
  return { line1: 'PRESORTED', line2: 'STANDARD', line3: 'U.S. POSTAGE', line4: 'PAID', line5: `PERMIT NO. ${permitNumber}`, line6: city };
}

/** Why a project cannot use the product permit on this server (create and print refuse it). */
export const PRODUCT_PERMIT_UNAVAILABLE = 'Mailcraft\'s permit is not set up on this server. Choose your own permit or No permit.';

/**
 * The indicia lines a project prints (docs/requirements/projects.md#data): the product's permit for 'product' (`product`
 * is null when the server has none: no lines), the selected permit for 'custom', none for 'none'
 * or a custom project without a permit.
 */
export function projectIndiciaLines(
  permitType: string, permit: { indicia: TIndicia } | null | undefined, product: TIndicia | null,
): string[] | null {
  if (permitType === 'product') return product ? indiciaLines(product) : null;
  if (permitType === 'custom' && permit) return indiciaLines(permit.indicia);
  return null;
}

/**
 * The permit type a project prints with (docs/requirements/projects.md#data): 'custom' whose permit was deleted (the
 * foreign key set it to null) prints no indicia, so it reads as 'none'.
 */
export function effectivePermitType(permitType: PermitType, mailingPermitId: string | null): PermitType {
  return permitType === 'custom' && !mailingPermitId ? 'none' : permitType;
}
