/** The part of fontkit (no bundled types) that the print renderer touches. */
declare module 'fontkit' {
  export function create(buffer: Buffer, postscriptName?: string): object;
}
