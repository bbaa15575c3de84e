// Signing secrets at rest: secret-box text under the master key, bound to the subscription's row so
// that a box copied to another subscription does not open there. Rotation keeps the previous secret
// signing beside the new one for ROTATION_OVERLAP_MS, so receivers can switch without losing events.
import { decryptSecret, encryptSecret } from '../../domain/crypto/secret-box.ts';
import type { SubscriptionRow } from './store.ts';

/** How long the secret before a rotation keeps signing: 24 hours. */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;

const context = (tenantId: string, subscriptionId: string) => `webhook-secret:${tenantId}:${subscriptionId}`;

export const sealSecret = (masterKey: Uint8Array, tenantId: string, subscriptionId: string, secret: string) =>
  encryptSecret(masterKey, secret, context(tenantId, subscriptionId));

/** The secrets that sign a delivery now: the current one, and the previous while its overlap lasts. */
export function signingSecrets(masterKey: Uint8Array, row: SubscriptionRow, now: Date): string[] {
  const open = (box: string) => decryptSecret(masterKey, box, context(row.tenantId, row.id));
  const secrets = [open(row.secret)];
  if (row.previousSecret && row.previousSecretExpiresAt && row.previousSecretExpiresAt > now) {
    secrets.push(open(row.previousSecret));
  }
  return secrets;
}
