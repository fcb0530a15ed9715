import { disableZodJit } from '@mailcraft/shared/zod-jitless';

// Imported first by main.tsx, before any module builds a zod schema: the server's
// Content-Security-Policy (apps/server/src/platform/csp.ts) forbids eval, which zod probes for.
disableZodJit();
