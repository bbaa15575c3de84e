import { generateKeyPairSync, sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  generateSigningKey,
  privateKeyObject,
  privateKeyPem,
  publicJwk,
  publicKeyObject,
  samePublicKey,
  signingKeyFromPem,
} from './keys.ts';

describe('signing keys', () => {
  it('generates a P-256 pair whose public half has no private member', () => {
    const key = generateSigningKey('k1');
    expect(key.kid).toBe('k1');
    expect(key.publicJwk).toEqual({
      kty: 'EC',
      crv: 'P-256',
      x: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      y: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      kid: 'k1',
      alg: 'ES256',
      use: 'sig',
    });
    expect(key.publicJwk).not.toHaveProperty('d');
    expect(key.privateJwk.d).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const data = Buffer.from('root');
    const signature = sign('sha256', data, privateKeyObject(key.privateJwk));
    expect(verify('sha256', data, publicKeyObject(key.publicJwk), signature)).toBe(true);
  });

  it('strips a private member from a public JWK', () => {
    const key = generateSigningKey('k2');
    expect(publicJwk(key.privateJwk)).toEqual(key.publicJwk);
  });

  it('converts to PKCS#8 PEM and back, and reads SEC 1 key files', () => {
    const key = generateSigningKey('k3');
    const pem = privateKeyPem(key.privateJwk);
    expect(pem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(signingKeyFromPem(pem, 'k3')).toEqual(key);
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const sec1 = privateKey.export({ format: 'pem', type: 'sec1' }).toString();
    expect(sec1).toMatch(/EC PRIVATE KEY/);
    const fromSec1 = signingKeyFromPem(sec1, 'k4');
    expect(
      samePublicKey(
        fromSec1.publicJwk,
        signingKeyFromPem(privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), 'k4').publicJwk,
      ),
    ).toBe(true);
  });

  it('refuses other curves, public keys and garbage', () => {
    const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey.export({
      format: 'pem',
      type: 'pkcs8',
    });
    expect(() => signingKeyFromPem(p384.toString(), 'x')).toThrow(TypeError);
    const ed = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' });
    expect(() => signingKeyFromPem(ed.toString(), 'x')).toThrow(TypeError);
    expect(() => signingKeyFromPem('not a key', 'x')).toThrow(TypeError);
    const key = generateSigningKey('k5');
    expect(() => privateKeyObject(key.publicJwk as never)).toThrow(TypeError);
    expect(() => publicKeyObject({ ...key.publicJwk, crv: 'P-384' as never })).toThrow(TypeError);
  });
});
