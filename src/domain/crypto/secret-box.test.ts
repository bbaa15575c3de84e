import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decryptSecret, decryptSecretBytes, encryptSecret, SecretBoxError } from './secret-box.ts';

const key = randomBytes(32);

function flipOneBit(box: string, partIndex: number, byteIndex = 0): string {
  const parts = box.split('.');
  const bytes = Buffer.from(parts[partIndex] as string, 'base64url');
  bytes[byteIndex % bytes.length] = (bytes[byteIndex % bytes.length] as number) ^ 0x01;
  parts[partIndex] = bytes.toString('base64url');
  return parts.join('.');
}

describe('secret box (AES-256-GCM at rest)', () => {
  it('round-trips text and bytes, with and without a context', () => {
    const box = encryptSecret(key, '{"d":"secret"}', 'tenant:1/key:a');
    expect(box).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(decryptSecret(key, box, 'tenant:1/key:a')).toBe('{"d":"secret"}');
    const bytes = randomBytes(48);
    expect(decryptSecretBytes(key, encryptSecret(key, bytes))).toEqual(bytes);
    expect(decryptSecret(key, encryptSecret(key, ''))).toBe('');
  });

  it('never shows the plaintext and never repeats an IV', () => {
    const a = encryptSecret(key, 'same secret');
    const b = encryptSecret(key, 'same secret');
    expect(a).not.toBe(b);
    expect(a.split('.')[1]).not.toBe(b.split('.')[1]);
    expect(a).not.toContain(Buffer.from('same secret').toString('base64url'));
  });

  it('refuses a wrong key, a wrong context and a missing context', () => {
    const box = encryptSecret(key, 'secret', 'row-1');
    expect(() => decryptSecret(randomBytes(32), box, 'row-1')).toThrow(SecretBoxError);
    expect(() => decryptSecret(key, box, 'row-2')).toThrow(SecretBoxError);
    expect(() => decryptSecret(key, box)).toThrow(SecretBoxError);
    expect(() => decryptSecret(key, encryptSecret(key, 'secret'), 'row-1')).toThrow(SecretBoxError);
  });

  it('refuses any tampering with IV, ciphertext or tag', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.integer({ min: 1, max: 3 }), fc.nat(), (text, part, at) => {
        const box = encryptSecret(key, text);
        expect(() => decryptSecret(key, flipOneBit(box, part, at))).toThrow(SecretBoxError);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses truncated, re-versioned and malformed boxes', () => {
    const box = encryptSecret(key, 'secret');
    const [, iv, ciphertext, tag] = box.split('.');
    for (const bad of [
      `v2.${iv}.${ciphertext}.${tag}`,
      `v1.${iv}.${ciphertext}`,
      `v1.${iv}.${ciphertext}.${tag?.slice(0, 10)}`,
      `v1.${iv?.slice(2)}.${ciphertext}.${tag}`,
      `v1.${iv}.${ciphertext}.${tag}.`,
      `v1.${iv}.${ciphertext}+.${tag}`,
      '',
    ]) {
      expect(() => decryptSecret(key, bad)).toThrow(SecretBoxError);
    }
  });

  it('needs a 32-byte master key', () => {
    expect(() => encryptSecret(randomBytes(16), 'x')).toThrow(SecretBoxError);
    expect(() => decryptSecret(randomBytes(31), encryptSecret(key, 'x'))).toThrow(SecretBoxError);
  });
});
