import { describe, expect, it } from 'vitest';
import { DEFAULT_QR_STYLE } from './qr-style-rules.js';
import { ZQrStyleSchema } from './qr-style.js';

describe('QR style defaults', () => {
  it('the zod-free default is the schema\'s default', () => {
    expect(DEFAULT_QR_STYLE).toEqual(ZQrStyleSchema.parse({}));
  });
});
