/**
 * One application error type (docs/architecture.md#conventions, after Documenso's AppError): a code that maps to an HTTP
 * status and a message safe to show to the user. The error handler renders
 * `{ error: { code, message, request_id, details? } }`.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  BAD_GATEWAY: 502,
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** Shorthand for the 404 every foreign or missing id answers (docs/architecture.md#security-baseline). */
export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
