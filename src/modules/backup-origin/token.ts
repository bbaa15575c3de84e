// A target's push token at rest: secret-box text under the master key, bound to the target's row so
// that a box copied to another target does not open there.
import { decryptSecret, encryptSecret } from '../../domain/crypto/secret-box.ts';

const context = (targetId: string) => `backup-target:${targetId}`;

export const sealToken = (masterKey: Uint8Array, targetId: string, token: string) =>
  encryptSecret(masterKey, token, context(targetId));

export const openToken = (masterKey: Uint8Array, targetId: string, box: string) =>
  decryptSecret(masterKey, box, context(targetId));
