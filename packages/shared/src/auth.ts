import { z } from 'zod';

/** POST /api/auth/login. */
export const ZLoginSchema = z.object({
  email: z.string().trim().toLowerCase().email('Enter a valid email address'),
  password: z.string().min(1, 'Password is required'),
});

/** POST /api/auth/signup. */
export const ZSignupSchema = z.object({
  email: z.string().trim().toLowerCase().email('Enter a valid email address'),
  password: z.string().min(8, 'Password must be at least 8 characters').max(200),
  given_name: z.string().trim().min(1, 'Name is required').max(100),
});

/** User as presented by GET /api/auth/status (spec 000 §3 User). */
export type TUser = { id: string; email: string; given_name: string; is_admin: boolean };
export type TAuthStatus = { authenticated: boolean; user: TUser | null };
