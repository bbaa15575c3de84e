// A passport sealed through the API, for tests of what the node serves and verifies.
import type { App } from '../../src/context.ts';
import { bearer } from './app.ts';
import { createPassport } from './passports.ts';

export type SealedDocument = Record<string, unknown> & {
  id: string;
  digitalSeal: Record<string, unknown>;
  signingPublicKey: Record<string, unknown>;
  proof: Record<string, unknown> & {
    leafSalts: Record<string, string>;
    redactedLeaves: Record<string, string>;
  };
};

/** Creates a passport with `token` and seals it; answers the owner document the seal answer holds. */
export async function createSealedPassport(app: App, token: string): Promise<SealedDocument> {
  const { id } = await createPassport(app, token);
  const sealed = await app.inject({
    method: 'POST',
    url: `/api/v1/passports/${id}/seal`,
    headers: bearer(token),
  });
  if (sealed.statusCode !== 200) throw new Error(`sealing failed: ${sealed.statusCode} ${sealed.body}`);
  return sealed.json().passport;
}
