// One error class with a closed set of codes. The HTTP status and the spec's `error` text come from
// the code, in one place, so every module answers a given failure the same way.

export const ERROR_CODES = {
  BAD_REQUEST: { status: 400, error: 'Bad Request' },
  VALIDATION_FAILED: { status: 400, error: 'Validation Failed' },
  UNIT_TERMINAL_STATUS: { status: 400, error: 'Bad Request' },
  BACKUP_COPY_REFUSED: { status: 400, error: 'Bad Request' },
  BACKUP_ARCHIVE_INVALID: { status: 400, error: 'Bad Request' },
  UNAUTHORIZED: { status: 401, error: 'Unauthorized' },
  SUBSCRIPTION_INACTIVE: { status: 402, error: 'Payment Required' },
  PLAN_NO_API_ACCESS: { status: 402, error: 'Payment Required' },
  PASSPORT_LIMIT_REACHED: { status: 402, error: 'Payment Required' },
  FORBIDDEN: { status: 403, error: 'Forbidden' },
  INSUFFICIENT_PERMISSION: { status: 403, error: 'Forbidden' },
  OPERATOR_SCOPE: { status: 403, error: 'Forbidden' },
  HOST_MISMATCH: { status: 403, error: 'Forbidden' },
  NOT_TENANT_SESSION: { status: 403, error: 'Forbidden' },
  MFA_REQUIRED: { status: 403, error: 'Forbidden' },
  NOT_FOUND: { status: 404, error: 'Not Found' },
  METHOD_NOT_ALLOWED: { status: 405, error: 'Method Not Allowed' },
  NOT_ACCEPTABLE: { status: 406, error: 'Not Acceptable' },
  CONFLICT: { status: 409, error: 'Conflict' },
  PRODUCT_KEY_CLAIMED: { status: 409, error: 'Conflict' },
  GS1_PREFIX_HELD: { status: 409, error: 'Conflict' },
  BACKUP_VERSION_CONFLICT: { status: 409, error: 'Conflict' },
  BACKUP_PARTNER_ENDED: { status: 409, error: 'Conflict' },
  BACKUP_ID_HELD: { status: 409, error: 'Conflict' },
  BACKUP_VERSION_GAP: { status: 409, error: 'Conflict' },
  PAYLOAD_TOO_LARGE: { status: 413, error: 'Payload Too Large' },
  URI_TOO_LONG: { status: 414, error: 'URI Too Long' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, error: 'Unsupported Media Type' },
  RATE_LIMITED: { status: 429, error: 'Too Many Requests' },
  INTERNAL: { status: 500, error: 'Internal Server Error' },
  UNAVAILABLE: { status: 503, error: 'Service Unavailable' },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface ErrorOptions {
  /** Overrides the `error` text where the spec names its own (e.g. 'Terminal Unit Status'). */
  error?: string;
  /** Further body fields the spec defines for this failure (e.g. `errors`, `warnings`). */
  extra?: Record<string, unknown>;
  /** Response headers that belong to the failure (e.g. `Retry-After`, `Allow`). */
  headers?: Record<string, string>;
}

export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly errorText: string;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, options: ErrorOptions = {}) {
    super(message);
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.errorText = options.error ?? ERROR_CODES[code].error;
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }

  /** The spec's error body: `{ success: false, error, message, code }` plus any extra fields. */
  toBody(): Record<string, unknown> {
    return { success: false, error: this.errorText, message: this.message, code: this.code, ...this.extra };
  }
}

export const badRequest = (message: string, options?: ErrorOptions) =>
  new AppError('BAD_REQUEST', message, options);
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);

/**
 * Seconds a client is asked to wait when the store could not be reached: a lost connection is
 * replaced at once and a database restart takes a few seconds, so a short wait is enough.
 */
export const STORE_RETRY_AFTER_S = 2;

/** The store cannot take the request now (see db/errors.ts): 503 with Retry-After. */
export const storeUnavailable = () =>
  new AppError(
    'UNAVAILABLE',
    'The store cannot take this request right now; retry after the delay in Retry-After.',
    {
      headers: { 'retry-after': String(STORE_RETRY_AFTER_S) },
    },
  );
