// What of an error may reach a log line. A failed query's message carries its parameters (key
// hashes, addresses, whole documents) and a store error's detail quotes the values it refused, so
// store errors are logged by statement and SQLSTATE only; other errors keep name, message and stack.

export interface LoggableError {
  type: string;
  message: string;
  stack?: string;
  /** SQLSTATE of a store error. */
  code?: string;
  /** The first words of the failed statement (its SQL has placeholders, never values). */
  statement?: string;
}

const STATEMENT_WORDS = 10;

function sqlStateOf(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function loggableError(error: unknown): LoggableError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'a non-Error value was thrown' };
  const query = (error as { query?: unknown }).query;
  const code = sqlStateOf(error);
  if (typeof query === 'string' || code !== undefined) {
    const statement =
      typeof query === 'string' ? query.trim().split(/\s+/).slice(0, STATEMENT_WORDS).join(' ') : undefined;
    return {
      type: 'StoreError',
      message: `store error${code ? ` ${code}` : ''}`,
      ...(code ? { code } : {}),
      ...(statement ? { statement } : {}),
    };
  }
  return { type: error.name, message: error.message, ...(error.stack ? { stack: error.stack } : {}) };
}
