import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** The web app's unit and component tests (Vitest + Testing Library in jsdom); run from the root `vitest.config.ts`. */
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // antd's first render in jsdom is slow on a shared machine.
    testTimeout: 20_000,
  },
});
