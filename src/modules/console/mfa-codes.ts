// TOTP (RFC 6238: SHA-1, 6 digits, 30 s, as every authenticator app reads it) and recovery codes.
// A code is accepted one step either side of now, and never twice: the last accepted step is kept.
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

const PERIOD_S = 30;
const ISSUER = 'OpenDPP';
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_COUNT = 10;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUri(secret: string, account: string): string {
  return new TOTP({
    issuer: ISSUER,
    label: account,
    secret: Secret.fromBase32(secret),
    period: PERIOD_S,
  }).toString();
}

/** The time step a code proves, if it is right now and newer than `lastStep`; else null. */
export function acceptedStep(
  secret: string,
  code: string,
  now: Date,
  lastStep: number | null,
): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const timestamp = now.getTime();
  const delta = TOTP.validate({
    token,
    secret: Secret.fromBase32(secret),
    period: PERIOD_S,
    timestamp,
    window: 1,
  });
  if (delta === null) return null;
  const step = Math.floor(timestamp / 1000 / PERIOD_S) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

export const hashRecoveryCode = (code: string) =>
  createHash('sha256')
    .update(code.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .digest('hex');

/** Ten codes of ten characters (about 49 bits each), shown once as `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}
