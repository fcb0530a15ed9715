import { z } from 'zod';
import { PLAN_IDS } from './plan-keys.js';

/** Billing messages (docs/requirements/administration.md#administration). */
export const BILLING_MESSAGES = {
  changed: 'Your plan has changed',
  pending: 'Your upgrade request was sent: an administrator will approve it shortly',
  unchanged: 'You are already on this plan',
  cancelled: 'Your upgrade request was withdrawn',
  noRequest: 'There is no pending upgrade request',
  notPending: 'This request has already been decided',
} as const;

const ZRequestStatus = z.enum(['pending', 'approved', 'declined', 'cancelled']);

/** A request to move to a paid plan, which an administrator approves or declines (docs/requirements/administration.md#administration). */
export const ZUpgradeRequestSchema = z.object({
  id: z.string().describe('Request id'),
  user_id: z.string().describe('Who asked'),
  email: z.string().describe('Their email'),
  plan_id: z.enum(PLAN_IDS).describe('The plan asked for'),
  plan_name: z.string().describe('Its name'),
  current_plan_id: z.enum(PLAN_IDS).describe('The plan they are on'),
  status: ZRequestStatus.describe('pending, approved, declined or cancelled'),
  created_at: z.string().describe('ISO 8601 time of the request'),
  decided_at: z.string().nullable().describe('ISO 8601 time of the decision, or null'),
}).meta({ id: 'UpgradeRequest' });
export type TUpgradeRequest = z.infer<typeof ZUpgradeRequestSchema>;

/** GET /api/billing (docs/requirements/administration.md#administration): the user's plan, a pending upgrade request, and this month's usage counted from real events. */
export const ZBillingSchema = z.object({
  plan_id: z.enum(PLAN_IDS).describe('The current plan'),
  plan_name: z.string().describe('Its name'),
  monthly_price: z.number().describe('Its price per month, US dollars'),
  pending_request: ZUpgradeRequestSchema.nullable().describe('A request waiting for an administrator, or null'),
  usage: z.object({
    month: z.string().describe('The calendar month counted, YYYY-MM (UTC)'),
    pieces_printed: z.number().int().describe('Billable mail pieces: those of print files finished this month (proofs and previews are not counted)'),
    orders_placed: z.number().int().describe('On-demand orders placed with live keys this month'),
    api_calls: z.number().int().describe('Calls of the public API this month'),
    scans: z.number().int().describe('QR code scans this month'),
  }).describe('This month\'s usage'),
}).meta({ id: 'Billing' });
export type TBilling = z.infer<typeof ZBillingSchema>;

/** POST /api/billing/plan body. */
export const ZPlanChangeSchema = z.object({
  plan: z.enum(PLAN_IDS, { error: `Plan must be one of ${PLAN_IDS.join(', ')}` }).describe('The plan to move to'),
});

/** POST /api/billing/plan answer: changed at once (a free plan), pending (a paid plan awaits approval) or unchanged. */
export const ZPlanChangeResultSchema = z.object({
  status: z.enum(['changed', 'pending', 'unchanged']).describe('What happened'),
  plan_id: z.enum(PLAN_IDS).describe('The plan the user is on now'),
  request: ZUpgradeRequestSchema.nullable().describe('The pending request, when one was made'),
  message: z.string().describe('What happened, for people'),
}).meta({ id: 'PlanChangeResult' });
export type TPlanChangeResult = z.infer<typeof ZPlanChangeResultSchema>;

/** GET /api/admin/upgrade-requests query. */
export const ZUpgradeRequestsQuerySchema = z.object({
  status: ZRequestStatus.default('pending').describe('Which requests to list'),
});

/** A user as the administrators' search lists them (docs/requirements/administration.md#administration: GET /api/admin/users?search=). */
export const ZAdminUserSchema = z.object({
  id: z.string().describe('User id'),
  email: z.string().describe('Email'),
  given_name: z.string().describe('Given name'),
  is_admin: z.boolean().describe('Whether they administer this server'),
  plan_id: z.enum(PLAN_IDS).describe('Their plan'),
  created_at: z.string().describe('ISO 8601 time the account was created'),
  last_sign_in_at: z.string().nullable().describe('ISO 8601 time of their latest sign-in, or null'),
  disabled: z.boolean().describe('Whether an administrator disabled the account (its sessions and API keys are refused)'),
}).meta({ id: 'AdminUser' });
export type TAdminUser = z.infer<typeof ZAdminUserSchema>;

/** GET /api/admin/users/{id}: one user with this month's usage and what they own (docs/requirements/administration.md#administration admin users). */
export const ZAdminUserDetailSchema = ZAdminUserSchema.extend({
  usage: ZBillingSchema.shape.usage,
  projects: z.number().int().describe('Projects they have'),
  mailing_lists: z.number().int().describe('Mailing lists they have'),
  api_keys: z.number().int().describe('API keys they have'),
}).meta({ id: 'AdminUserDetail' });
export type TAdminUserDetail = z.infer<typeof ZAdminUserDetailSchema>;

/** PATCH /api/admin/users/{id} body (docs/requirements/administration.md#administration): at least one of the two. */
export const ZAdminUserPatchSchema = z.object({
  is_admin: z.boolean().optional().describe('Make them an administrator, or not'),
  disabled: z.boolean().optional().describe('Disable the account (its sessions and API keys stop at once), or enable it'),
}).refine((b) => b.is_admin !== undefined || b.disabled !== undefined, { message: 'Send is_admin or disabled' });
export type TAdminUserPatch = z.infer<typeof ZAdminUserPatchSchema>;

/** What administrators may not do to their own account (docs/requirements/administration.md#administration). */
export const ADMIN_USER_MESSAGES = {
  notSelfDisable: 'You cannot disable your own account',
  notSelfDemote: 'You cannot remove your own administrator role',
} as const;

/** Users an administrator's search answers at most. */
export const ADMIN_USER_SEARCH_LIMIT = 50;

/** GET /api/admin/users query: part of an email or given name, case-insensitive; every user (newest first) when empty. */
export const ZAdminUsersQuerySchema = z.object({
  search: z.string().trim().max(200).default('').describe('Part of an email or given name'),
});
