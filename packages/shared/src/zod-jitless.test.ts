import { describe, expect, it } from 'vitest';
import { disableZodJit } from './zod-jitless.js';

describe('disableZodJit', () => {
  it('turns off zod\'s compiled parsers through the global configuration zod adopts', async () => {
    disableZodJit();
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
