// Every response a test app gives through inject is scanned for private key material: PEM private
// keys and JWK private members. A hit fails the test that made the request.
import type { App } from '../../src/context.ts';

const PEM_PRIVATE = /-----BEGIN [A-Z ]*PRIVATE KEY-----/;
// A private EC JWK member: `"d"` holding 43 base64url characters (a P-256 scalar).
const JWK_PRIVATE = /"d"\s*:\s*"[A-Za-z0-9_-]{43}"/;

export function privateKeyMaterialIn(body: string): string | null {
  if (PEM_PRIVATE.test(body)) return 'a PEM private key';
  if (JWK_PRIVATE.test(body)) return 'a private JWK member "d"';
  return null;
}

export function scanResponsesForSecrets(app: App): App {
  const inject = app.inject.bind(app) as (options: unknown) => ReturnType<App['inject']>;
  const scanned = async (options: unknown) => {
    const response = await inject(options);
    const found = privateKeyMaterialIn(response.body);
    if (found) throw new Error(`a response carried ${found}: ${response.body.slice(0, 200)}`);
    return response;
  };
  (app as { inject: unknown }).inject = scanned;
  return app;
}
