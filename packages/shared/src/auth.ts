import { z } from 'zod';

const email = z.string().trim().toLowerCase().max(254, 'Enter a valid email address').email('Enter a valid email address');

/** POST /api/auth/login (JSON or form). */
export const ZLoginSchema = z.object({
  email: email.describe('Account email'),
  password: z.string().min(1, 'Password is required').max(200).describe('Password'),
});

/** POST /api/auth/signup (JSON or form). */
export const ZSignupSchema = z.object({
  email: email.describe('Account email'),
  password: z.string().min(8, 'Password must be at least 8 characters').max(200).describe('Password, 8 characters or more'),
  given_name: z.string().trim().min(1, 'Name is required').max(100).describe('Name to greet the user by'),
});

/** `?next=` of the sign-in and sign-up pages: where to go afterwards (same-origin paths only). */
export const ZNextQuerySchema = z.object({
  next: z.string().max(2000).optional().describe('Path of the app to return to after signing in'),
});

/** User as presented by GET /api/auth/status (spec 000 §3 User). */
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
}).meta({ id: 'AuthStatus' });
export type TAuthStatus = z.infer<typeof ZAuthStatusSchema>;
