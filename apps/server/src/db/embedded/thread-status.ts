/**
 * What the embedded database's thread is doing, shared with the HTTP thread through a
 * SharedArrayBuffer so it can be read while the database thread is inside a long statement (its
 * event loop cannot answer messages then). Layout: a Float64 "busy since" (epoch ms, 0 when idle)
 * and a Float64 "statements run", then the first STATEMENT_BYTES bytes of the current statement's
 * text (UTF-8) after an Int32 length.
 */
export const STATEMENT_BYTES = 240;
const HEADER_BYTES = 16 + 4;

/** Allocates the shared block for one database thread. */
export function createThreadStatusBuffer(): SharedArrayBuffer {
  return new SharedArrayBuffer(HEADER_BYTES + STATEMENT_BYTES);
}

/** The database thread's view: marks a statement started or finished. */
export class ThreadStatusWriter {
  private readonly nums: Float64Array;
  private readonly len: Int32Array;
  private readonly text: Uint8Array;
  private readonly encoder = new TextEncoder();

  constructor(buffer: SharedArrayBuffer) {
    this.nums = new Float64Array(buffer, 0, 2);
    this.len = new Int32Array(buffer, 16, 1);
    this.text = new Uint8Array(buffer, HEADER_BYTES, STATEMENT_BYTES);
  }

  /** A protocol message starts running; `statement` is its SQL text when it carries one. */
  begin(statement: string | null): void {
    if (statement !== null) {
      const { written } = this.encoder.encodeInto(statement.slice(0, STATEMENT_BYTES), this.text);
      this.len[0] = written;
    }
    this.nums[0] = Date.now();
  }

  /** The message finished. */
  end(): void {
    this.nums[0] = 0;
    this.nums[1] += 1;
  }
}

/** What the HTTP thread reads: whether the database is busy, for how long (ms), on which statement. */
export type DatabaseThreadStatus = { busy: boolean; busyForMs: number; statement: string | null; statements: number };

/** The HTTP thread's view of the shared block. */
export function readThreadStatus(buffer: SharedArrayBuffer): DatabaseThreadStatus {
  const nums = new Float64Array(buffer, 0, 2);
  const since = nums[0];
  const len = Math.min(new Int32Array(buffer, 16, 1)[0], STATEMENT_BYTES);
  // Copied out first: TextDecoder does not read shared memory.
  const statement = len > 0 ? new TextDecoder().decode(new Uint8Array(buffer, HEADER_BYTES, len).slice()) : null;
  return { busy: since > 0, busyForMs: since > 0 ? Math.max(0, Date.now() - since) : 0, statement, statements: nums[1] };
}
