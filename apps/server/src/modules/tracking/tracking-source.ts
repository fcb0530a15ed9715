/**
 * Where the tracking pull gets piece scans from (docs/requirements/mail-tracking.md#scan-data, source c): the IV-MTR
 * API client (`ivmtr-client.ts`), or a stand-in in tests. Pages are handed over one at a time, so a source never
 * holds more than one page, and the pull matches and stores each before asking for the next.
 */
export interface TrackingSource {
  /** What the source is, for logs ('IV-MTR https://…'). */
  readonly name: string;
  /**
   * The piece scans the source received since `since`, page by page: each page an array of IV-MTR piece-scan
   * objects as the source sends them (read with the IV-MTR field names, `ivmtrFields`). Rejects when the source
   * cannot be reached or refuses the credentials (the pull then tries again at its next run).
   */
  scansSince(since: Date, signal?: AbortSignal): AsyncIterable<Array<Record<string, unknown>>>;
}
