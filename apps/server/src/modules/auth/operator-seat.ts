import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client.js';
import type { AppContext } from '../../platform/context.js';
import { authRepo } from './auth.repo.js';

/** RFC 4648 base32 alphabet: no 0/1/8/9, easy to read off a log and type. */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** `bytes` as RFC 4648 base32 without padding (5 bits per character). */
function base32(bytes: Buffer): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return bits > 0 ? out + BASE32[(value << (5 - bits)) & 31] : out;
}

/** A typed code as compared: upper case, without the spaces and dashes of its printed groups. */
const normalise = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');
const digest = (code: string) => createHash('sha256').update(normalise(code)).digest();

/**
 * The operator seat of one running server: who may become its operator (administrator) while it
 * has none. An empty database must not hand the server to whoever signs up first, so the first
 * sign-up takes the seat only with the one-time setup code — 160 random bits in base32, kept in
 * this process's memory only (as a SHA-256, compared in constant time) and printed in the server
 * log at start while no operator exists — or when its email is ADMIN_EMAIL. Everyone else gets an
 * ordinary account. A server always keeps an operator once it has one (the last administrator
 * can be neither demoted nor deleted), so once seen the seat stays taken.
 */
export class OperatorSeat {
  /** The setup code as printed, in groups of four ('ABCD-EFGH-…'); any grouping and case are accepted. */
  readonly code: string;
  private readonly codeDigest: Buffer;
  private taken = false;

  constructor(private readonly adminEmail: string | null) {
    this.code = base32(randomBytes(20)).match(/.{1,4}/g)!.join('-');
    this.codeDigest = digest(this.code);
  }

  /** Whether the server has an operator; asks the database until it has seen one. */
  async isTaken(db: Db): Promise<boolean> {
    if (!this.taken) this.taken = await authRepo.operatorExists(db);
    return this.taken;
  }

  /** Records that a sign-up just took the seat. */
  markTaken(): void {
    this.taken = true;
  }

  /** Whether `code` is the setup code (case, spaces and dashes ignored); constant time. */
  codeMatches(code: string | undefined): boolean {
    return !!code && timingSafeEqual(digest(code), this.codeDigest);
  }

  /** Whether `email` (lower-cased) is the one ADMIN_EMAIL names. */
  isAdminEmail(email: string): boolean {
    return this.adminEmail !== null && email === this.adminEmail;
  }

  /**
   * At start: while no operator exists, writes the setup code to `log` (once per start), with
   * how to use it. Nothing once the server has an operator.
   */
  async announce(db: Db, log: (line: string) => void): Promise<void> {
    if (await this.isTaken(db)) return;
    log(`This server has no operator yet. Create the first account with the setup code ${this.code} (on the sign-up page, `
      + `"Setup code")${this.adminEmail ? ` or with the email ${this.adminEmail} (ADMIN_EMAIL)` : ''} to make it the operator. `
      + 'The code works until an operator exists and changes at every start.');
  }
}

const seats = new WeakMap<AppContext, OperatorSeat>();

/** The operator seat of a running app (one per context, so one per process in production). */
export function operatorSeat(ctx: AppContext): OperatorSeat {
  let seat = seats.get(ctx);
  if (!seat) seats.set(ctx, (seat = new OperatorSeat(ctx.config.adminEmail)));
  return seat;
}
