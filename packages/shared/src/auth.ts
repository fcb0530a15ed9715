import { z } from 'zod';

const email = z.string().trim().toLowerCase().max(254, 'Enter a valid email address').email('Enter a valid email address');

/** A password as sign-up and a password reset accept it. */
const newPassword = z.string().min(8, 'Password must be at least 8 characters').max(200);

/** POST /api/auth/login (JSON or form). */
export const ZLoginSchema = z.object({
  email: email.describe('Account email'),
  password: z.string().min(1, 'Password is required').max(200).describe('Password'),
});

/** POST /api/auth/signup (JSON or form). */
export const ZSignupSchema = z.object({
  email: email.describe('Account email'),
  password: newPassword.describe('Password, 8 characters or more'),
  given_name: z.string().trim().min(1, 'Name is required').max(100).describe('Name to greet the user by'),
  setup_code: z.string().trim().max(100).optional()
    .describe('One-time setup code printed in the server log while the server has no operator: makes this first account the operator. Empty or absent: an ordinary account'),
});

/** POST /api/auth/forgot-password (JSON or form): where to send a reset link. */
export const ZForgotPasswordSchema = z.object({
  email: email.describe('The account\'s email; the answer is the same whether or not an account has it'),
});

/** POST /api/auth/reset-password (JSON or form): the link's token and the new password. */
export const ZResetPasswordSchema = z.object({
  token: z.string().min(20).max(200).describe('The token of the emailed link'),
  password: newPassword.describe('New password, 8 characters or more'),
});

/** How long a password-reset link works, in seconds (docs/requirements/workflow.md#clear-states-and-fast-pages: 1 hour). */
export const PASSWORD_RESET_TTL_SECONDS = 3600;

/** What the reset pages say (docs/requirements/account-and-settings.md#sign-in-pages). */
export const PASSWORD_RESET_MESSAGES = {
  sent: 'If an account exists for that address, we have sent it a link to reset the password. The link works once, for 1 hour.',
  invalid: 'This link to reset your password has expired or was already used. Ask for a new one.',
  done: 'Your password has been changed. You are signed in.',
  mailSubject: 'Reset your Mailcraft password',
} as const;

/** `?next=` of the sign-in and sign-up pages: where to go afterwards (same-origin paths only). */
export const ZNextQuerySchema = z.object({
  next: z.string().max(2000).optional().describe('Path of the app to return to after signing in'),
});

/** User as presented by GET /api/auth/status (docs/requirements/account-and-settings.md#user). */
export const ZUserSchema = z.object({
  id: z.string().describe('User id (UUID)'),
  email: z.string().describe('Account email, lower-cased'),
  given_name: z.string().describe('Name to greet the user by'),
  is_admin: z.boolean().describe('Whether the user may open /admin'),
}).meta({ id: 'User' });
export type TUser = z.infer<typeof ZUserSchema>;

/** GET /api/auth/status, and the answer of sign-in, sign-up and logout. */
export const ZAuthStatusSchema = z.object({
  authenticated: z.boolean().describe('Whether a session is signed in'),
  user: ZUserSchema.nullable().describe('The signed-in user, or null'),
  expires_at: z.string().nullable().optional().describe('ISO 8601 time the session ends unless used again (idle limit or 30-day maximum); null when signed out'),
  operator_exists: z.boolean().optional()
    .describe('GET /api/auth/status: whether the server has an operator; while false the sign-up page asks for the setup code from the server log'),
}).meta({ id: 'AuthStatus' });
export type TAuthStatus = z.infer<typeof ZAuthStatusSchema>;

/** Sign-in answer for a user an administrator disabled (docs/requirements/administration.md#administration admin users). */
export const ACCOUNT_DISABLED = 'This account has been disabled. Contact your administrator.';
