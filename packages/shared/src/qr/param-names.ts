/**
 * QR configuration messages, limits and parameter-name rules (docs/requirements/qr-codes.md#rules), apart from the zod
 * schemas of qr-config.ts so screens that only check names do not load zod (docs/requirements/workflow.md#clear-states-and-fast-pages).
 */
import { isReservedParam } from './reserved-params.js';

/** Messages of the QR configuration (docs/requirements/qr-codes.md#rules). */
export const QR_MESSAGES = {
  paramRequired: 'Parameter name is required',
  paramReserved: 'Parameter name is reserved',
  paramCharacters: 'Only lowercase letters, numbers, dash and underscore allowed',
  /** Not in the spec: two fields cannot share one query parameter. */
  paramDuplicate: 'Parameter name is already used',
  baseUrlRequired: 'Destination URL is required',
  baseUrlInvalid: 'Destination URL must start with http:// or https://',
  upgrade: 'You need to upgrade your plan to save QR code configurations',
  unsaved: 'Save the configuration for QR codes to work',
  boundary: 'Something went wrong. Please try refreshing the page.',
  saveFailed: 'Failed to save QR configuration',
} as const;

/** Longest query parameter name and static value; longest destination URL (characters). */
export const QR_LIMITS = { paramName: 64, staticValue: 500, baseUrl: 2000, staticParams: 20 } as const;

/**
 * The message for an invalid parameter name, or null when it is valid (docs/requirements/qr-codes.md#rules): required,
 * not reserved, only lowercase letters, digits, dash and underscore.
 */
export function paramNameError(name: string): string | null {
  if (!name) return QR_MESSAGES.paramRequired;
  if (!/^[a-z0-9_-]+$/.test(name)) return QR_MESSAGES.paramCharacters;
  if (isReservedParam(name)) return QR_MESSAGES.paramReserved;
  if (name.length > QR_LIMITS.paramName) return `Parameter name must be at most ${QR_LIMITS.paramName} characters`;
  return null;
}

/** Typed static parameter names are lowercased and stripped of other characters (docs/requirements/qr-codes.md#rules). */
export const cleanParamName = (typed: string): string => typed.toLowerCase().replace(/[^a-z0-9_-]/g, '');

/**
 * The message for an invalid destination URL, or null (docs/requirements/qr-codes.md#rules): required, http:// or https://,
 * at most 2,000 characters.
 */
export function baseUrlError(url: string): string | null {
  const u = url.trim();
  if (!u) return QR_MESSAGES.baseUrlRequired;
  if (u.length > QR_LIMITS.baseUrl) return `Destination URL must be at most ${QR_LIMITS.baseUrl} characters`;
  try {
    return ['http:', 'https:'].includes(new URL(u).protocol) ? null : QR_MESSAGES.baseUrlInvalid;
  } catch {
    return QR_MESSAGES.baseUrlInvalid;
  }
}
