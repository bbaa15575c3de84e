// P-256 signing keys as JWKs: the form seals carry (`signingPublicKey`) and the form workspace keys
// are kept in (encrypted). PKCS#8 PEM is the form of key files (the seal CA key supplied by
// configuration); both convert here, so no other code touches key encodings.
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';

export interface EcPublicJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  kid: string;
  alg: 'ES256';
  use: 'sig';
}

export interface EcPrivateJwk extends EcPublicJwk {
  d: string;
}

export interface SigningKey {
  kid: string;
  privateJwk: EcPrivateJwk;
  publicJwk: EcPublicJwk;
}

const B64URL = /^[A-Za-z0-9_-]+$/;

function coordinates(key: KeyObject): { x: string; y: string; d?: string } {
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new TypeError('the key is not a P-256 elliptic-curve key');
  }
  const jwk = key.export({ format: 'jwk' });
  if (typeof jwk.x !== 'string' || typeof jwk.y !== 'string')
    throw new TypeError('the key has no coordinates');
  return typeof jwk.d === 'string' ? { x: jwk.x, y: jwk.y, d: jwk.d } : { x: jwk.x, y: jwk.y };
}

function publicJwkOf(key: KeyObject, kid: string): EcPublicJwk {
  const { x, y } = coordinates(key);
  return { kty: 'EC', crv: 'P-256', x, y, kid, alg: 'ES256', use: 'sig' };
}

/** A fresh P-256 key pair named `kid`. */
export function generateSigningKey(kid: string): SigningKey {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return signingKeyFromPrivate(privateKey, kid);
}

function signingKeyFromPrivate(privateKey: KeyObject, kid: string): SigningKey {
  const { d } = coordinates(privateKey);
  if (d === undefined) throw new TypeError('the key is not a private key');
  const publicJwk = publicJwkOf(privateKey, kid);
  return { kid, privateJwk: { ...publicJwk, d }, publicJwk };
}

/** Only the public members of a JWK, whatever else it carries (a `d` never passes). */
export function publicJwk(jwk: EcPublicJwk): EcPublicJwk {
  return { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y, kid: jwk.kid, alg: 'ES256', use: 'sig' };
}

/** A KeyObject for a private JWK; refuses anything but a P-256 private key. */
export function privateKeyObject(jwk: EcPrivateJwk): KeyObject {
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !B64URL.test(jwk.d ?? '')) {
    throw new TypeError('not a P-256 private JWK');
  }
  const key = createPrivateKey({
    key: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y, d: jwk.d },
    format: 'jwk',
  });
  coordinates(key);
  return key;
}

/** A KeyObject for a public JWK; refuses anything but a P-256 public key. */
export function publicKeyObject(jwk: EcPublicJwk): KeyObject {
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !B64URL.test(jwk.x ?? '') || !B64URL.test(jwk.y ?? '')) {
    throw new TypeError('not a P-256 public JWK');
  }
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y }, format: 'jwk' });
  coordinates(key);
  return key;
}

/** PKCS#8 PEM of a private JWK (the form of key files). */
export function privateKeyPem(jwk: EcPrivateJwk): string {
  return privateKeyObject(jwk).export({ format: 'pem', type: 'pkcs8' }).toString();
}

/** The signing key in a PEM file: PKCS#8 (`PRIVATE KEY`) or SEC 1 (`EC PRIVATE KEY`), P-256 only. */
export function signingKeyFromPem(pem: string, kid: string): SigningKey {
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: pem, format: 'pem' });
  } catch {
    throw new TypeError('not a PEM private key (an encrypted key must be decrypted first)');
  }
  return signingKeyFromPrivate(key, kid);
}

/** True when two public JWKs name the same P-256 point. */
export const samePublicKey = (a: Pick<EcPublicJwk, 'x' | 'y'>, b: Pick<EcPublicJwk, 'x' | 'y'>) =>
  a.x === b.x && a.y === b.y;

/** The public JWK of a KeyObject holding a P-256 key (public or private). */
export const publicJwkFromKeyObject = (key: KeyObject, kid: string): EcPublicJwk =>
  publicJwkOf(key.type === 'private' ? createPublicKey(key) : key, kid);
