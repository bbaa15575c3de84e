// PostgreSQL error classes that stores translate into the API's errors. PGlite and node-postgres
// both expose the SQLSTATE as `code`, sometimes on a wrapping error's `cause`.

function sqlState(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';
export const isForeignKeyViolation = (error: unknown) => sqlState(error) === '23503';
export const isInvalidText = (error: unknown) => sqlState(error) === '22P02';
