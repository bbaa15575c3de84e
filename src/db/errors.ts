// PostgreSQL error classes that stores translate into the API's errors. PGlite and node-postgres
// both expose the SQLSTATE as `code`, sometimes on a wrapping error's `cause`.

/** The errors a failure is made of: itself, its causes, and the attempts of an AggregateError. */
function* chain(error: unknown, depth = 0): Generator<object> {
  if (typeof error !== 'object' || error === null || depth > 4) return;
  yield error;
  yield* chain((error as { cause?: unknown }).cause, depth + 1);
  // A connection to a host name that resolves to several addresses fails with every attempt inside.
  if (error instanceof AggregateError) for (const inner of error.errors) yield* chain(inner, depth + 1);
}

function sqlState(error: unknown): string | undefined {
  for (const current of chain(error)) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';
export const isForeignKeyViolation = (error: unknown) => sqlState(error) === '23503';
export const isDeadlock = (error: unknown) => sqlState(error) === '40P01';

// The store could not be reached or could not take the statement now, through no fault of the
// request: the same request may succeed once the connection is replaced or the server is back.
// 08: connection exception; 57P01/02/03/05: the server terminated the session or refuses
// connections (shutdown, restart, crash recovery, idle timeout); 53300: too many connections;
// 53100: disk full; 25006: a write reached a read-only server (a standby during a failover).
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '57P05', '53300', '53100', '25006']);
// What the network and the driver say when there is no connection to run a statement on.
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
// node-postgres raises plain Errors for a lost or never-made connection; PGlite for a closed store.
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable/,
  /^Cannot use a pool after calling end/,
  /^PGlite is closed/,
];

/** True when `error` means the store is unreachable or refusing work for now (answer 503, retry). */
export function isStoreUnavailable(error: unknown): boolean {
  for (const current of chain(error)) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (code.startsWith('08') && code.length === 5) return true;
      if (UNAVAILABLE_STATES.has(code) || UNAVAILABLE_NODE_CODES.has(code)) return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) {
      return true;
    }
  }
  return false;
}
