import { describe, expect, it } from 'vitest';
import { PageLayout } from './page-layout.js';

describe('PageLayout', () => {
  it('places pieces after the tray-break sheets before them', () => {
    // Two pages a piece; sheets before pieces 1 and 3: pages 1–2 sheet, 3–6 pieces 1–2, 7–8 sheet, 9… piece 3.
    const layout = new PageLayout(2, [1, 3]);
    expect([layout.pageOf(1), layout.pageOf(1, 1), layout.pageOf(2), layout.pageOf(3), layout.pageOf(5, 1)]).toEqual([3, 4, 5, 9, 14]);
    expect([1, 2, 3, 4, 6, 7, 8, 9, 14].map((p) => layout.pieceOf(p))).toEqual([null, null, 1, 1, 2, null, null, 3, 5]);
    expect([layout.pages(2), layout.pages(5)]).toEqual([6, 14]);
  });

  it('without sheets is pieces × pages', () => {
    const layout = new PageLayout(1);
    expect([layout.pageOf(7), layout.pieceOf(7), layout.pages(7), layout.sheets(7)]).toEqual([7, 7, 7, 0]);
  });
});
