// Every response a test app gives through inject is scanned for secrets: PEM private keys and JWK
// private members always, and API key tokens in answers to reads (a token is shown once, in the
// answer that creates it, never by a read). A hit fails the test that made the request.
import type { App } from '../../src/context.ts';
import { TOKEN_PATTERN } from '../../src/domain/auth/api-token.ts';

const PEM_PRIVATE = /-----BEGIN [A-Z ]*PRIVATE KEY-----/;
// A private EC JWK member: `"d"` holding 43 base64url characters (a P-256 scalar).
const JWK_PRIVATE = /"d"\s*:\s*"[A-Za-z0-9_-]{43}"/;
const READS = new Set(['GET', 'HEAD']);

export function privateKeyMaterialIn(body: string): string | null {
  if (PEM_PRIVATE.test(body)) return 'a PEM private key';
  if (JWK_PRIVATE.test(body)) return 'a private JWK member "d"';
  return null;
}

/** What a response to `method` must not carry: private keys always, API key tokens on reads. */
export function secretIn(method: string, body: string): string | null {
  const found = privateKeyMaterialIn(body);
  if (found) return found;
  if (READS.has(method.toUpperCase()) && TOKEN_PATTERN.test(body)) return 'an API key token';
  return null;
}

export function scanResponsesForSecrets(app: App): App {
  const inject = app.inject.bind(app) as (options: unknown) => ReturnType<App['inject']>;
  const scanned = async (options: unknown) => {
    const response = await inject(options);
    const method = (options as { method?: string } | null)?.method ?? 'GET';
    const found = secretIn(method, response.body);
    if (found) throw new Error(`a response carried ${found}: ${response.body.slice(0, 200)}`);
    return response;
  };
  (app as { inject: unknown }).inject = scanned;
  return app;
}
