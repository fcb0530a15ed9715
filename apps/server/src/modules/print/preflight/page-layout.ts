/**
 * Where a print file's pieces lie among its pages (docs/requirements/print.md#print): every piece takes `pagesPerPiece`
 * pages, and a separator sheet (a tray break, as many pages as a piece) may stand before some
 * pieces. Pieces and pages are 1-based.
 */
export class PageLayout {
  /** The 1-based slot (piece or sheet, `pagesPerPiece` pages each) of every sheet, ascending. */
  private readonly sheetSlots: number[];

  /** `sheetsBefore`: the 1-based pieces that have a sheet right before them, ascending. */
  constructor(readonly pagesPerPiece: number, sheetsBefore: readonly number[] = []) {
    this.sheetSlots = sheetsBefore.map((piece, i) => piece + i);
  }

  /** Separator sheets in a file of `pieces` pieces. */
  sheets(pieces: number): number {
    return this.sheetSlots.filter((slot, i) => slot - i <= pieces).length;
  }

  /** Pages of a file of `pieces` pieces. */
  pages(pieces: number): number {
    return (pieces + this.sheets(pieces)) * this.pagesPerPiece;
  }

  /** The page that piece `piece`'s page `pageIndex` (0-based) is on. */
  pageOf(piece: number, pageIndex = 0): number {
    const before = this.sheetSlots.filter((slot, i) => slot - i <= piece).length;
    return (piece - 1 + before) * this.pagesPerPiece + pageIndex + 1;
  }

  /** The piece page `page` belongs to, or null when it is a separator sheet's. */
  pieceOf(page: number): number | null {
    const slot = Math.ceil(page / this.pagesPerPiece);
    let before = 0;
    for (const s of this.sheetSlots) {
      if (s === slot) return null;
      if (s > slot) break;
      before++;
    }
    return slot - before;
  }
}
