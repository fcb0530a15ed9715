import { describe, expect, it } from 'vitest';
import type { Template } from '@pdfme/common';
import { SNAP_MM, snapToGuides } from './canvas-guides';

const page = (x: number, y: number, width = 40, height = 10): Template => ({
  basePdf: { width: 215.9, height: 279.4, padding: [6.35, 6.35, 6.35, 6.35] },
  schemas: [[{ name: 'headline', type: 'text', content: 'Hi', position: { x, y }, width, height }]],
} as unknown as Template);
const position = (t: Template | null) => t?.schemas[0][0].position;

describe('snapping a dropped element to the guides', () => {
  it('moves an edge within 1.5 mm onto the safe-area line, the trim or a USPS zone edge', () => {
    const before = page(50, 50);
    expect(position(snapToGuides(before, page(7.2, 50), true))).toEqual({ x: 6.35, y: 50 }); // left edge to the safe area
    expect(position(snapToGuides(before, page(215.9 - 6.35 - 40 + 1, 50), true))).toEqual({ x: 169.55, y: 50 }); // right edge
    expect(position(snapToGuides(before, page(50, 279.4 - 69.85 + 1), true))).toEqual({ x: 50, y: 209.55 }); // top of the address zone (2¾ in up)
  });

  it('leaves elements alone that are further away, that did not move, or off the address side zones', () => {
    expect(snapToGuides(page(50, 50), page(6.35 + SNAP_MM + 0.5, 50), true)).toBeNull();
    expect(snapToGuides(page(7, 50), page(7, 50), true)).toBeNull();
    expect(snapToGuides(page(50, 50), page(50, 209.9), false)).toBeNull();
  });
});
