// The seal CA and the workspace certificates it issues. A workspace certificate binds a workspace
// seal key to the workspace's name (subject CN) and id (SAN URI `urn:opendpp:workspace:<id>`), so a
// verifier holding only the CA certificate can tell who sealed a document. Keys and certificates go
// in and out as PEM (PKCS#8 for the CA key) and JWK (workspace public keys).
import 'reflect-metadata';
import {
  createPrivateKey,
  type KeyObject,
  X509Certificate as NodeCertificate,
  randomBytes,
  webcrypto,
} from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { type EcPublicJwk, publicJwkFromKeyObject } from '../crypto/keys.ts';

const subtle = webcrypto.subtle;
type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;
const EC = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGNING = { name: 'ECDSA', hash: 'SHA-256' } as const;
export const WORKSPACE_URI_PREFIX = 'urn:opendpp:workspace:';

export interface SealCa {
  certificatePem: string;
  /** PKCS#8 PEM. */
  privateKeyPem: string;
}

export interface Validity {
  notBefore: Date;
  notAfter: Date;
}

/** A positive 128-bit serial number in hex, as RFC 5280 asks (unique, at most 20 octets). */
function serialNumber(): string {
  const bytes = randomBytes(16);
  bytes[0] = ((bytes[0] as number) & 0x7f) | 0x01;
  return bytes.toString('hex');
}

function pkcs8Der(pem: string): Buffer {
  try {
    return createPrivateKey({ key: pem, format: 'pem' }).export({ format: 'der', type: 'pkcs8' });
  } catch {
    throw new TypeError('the CA key is not a readable PEM private key');
  }
}

async function importPrivate(pem: string): Promise<CryptoKey> {
  return subtle.importKey('pkcs8', pkcs8Der(pem), EC, true, ['sign']);
}

async function importPublic(jwk: EcPublicJwk): Promise<CryptoKey> {
  return subtle.importKey('jwk', { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y }, EC, true, ['verify']);
}

const commonName = (value: string): x509.JsonName => [{ '2.5.4.3': [value] }];

/** A new self-signed P-256 seal CA (basicConstraints CA, keyCertSign + cRLSign). */
export async function createSealCa(options: { commonName: string } & Validity): Promise<SealCa> {
  const keys = (await subtle.generateKey(EC, true, ['sign', 'verify'])) as CryptoKeyPair;
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serialNumber(),
    name: commonName(options.commonName),
    notBefore: options.notBefore,
    notAfter: options.notAfter,
    keys,
    signingAlgorithm: SIGNING,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  const pkcs8 = Buffer.from(await subtle.exportKey('pkcs8', keys.privateKey));
  return {
    certificatePem: certificate.toString('pem'),
    privateKeyPem: createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' })
      .export({ format: 'pem', type: 'pkcs8' })
      .toString(),
  };
}

/**
 * A certificate for a workspace seal key, issued by the seal CA: subject CN the workspace name, SAN
 * URI `urn:opendpp:workspace:<id>`, keyUsage digitalSignature + nonRepudiation, not a CA.
 */
export async function issueWorkspaceCertificate(
  options: {
    ca: SealCa;
    workspace: { id: string; name: string };
    publicJwk: EcPublicJwk;
  } & Validity,
): Promise<string> {
  const caCertificate = new x509.X509Certificate(options.ca.certificatePem);
  const publicKey = await importPublic(options.publicJwk);
  const certificate = await x509.X509CertificateGenerator.create({
    serialNumber: serialNumber(),
    subject: commonName(options.workspace.name),
    issuer: caCertificate.subjectName.toJSON(),
    notBefore: options.notBefore,
    notAfter: options.notAfter,
    publicKey,
    signingKey: await importPrivate(options.ca.privateKeyPem),
    signingAlgorithm: SIGNING,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation,
        true,
      ),
      new x509.SubjectAlternativeNameExtension([
        { type: 'url', value: `${WORKSPACE_URI_PREFIX}${options.workspace.id}` },
      ]),
      await x509.SubjectKeyIdentifierExtension.create(publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(caCertificate),
    ],
  });
  return certificate.toString('pem');
}

// Verification reads the same few certificates (one CA, one certificate per workspace key) again and
// again: parsed certificates and CA signature results are remembered, keyed by their exact PEM text.
const MEMO_LIMIT = 2_000;
const parsed = new Map<string, x509.X509Certificate | null>();
const caSignatures = new Map<string, boolean>();

function remember<K, V>(memo: Map<K, V>, key: K, value: V): V {
  if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value as K);
  memo.set(key, value);
  return value;
}

function parse(pem: string): x509.X509Certificate | null {
  if (typeof pem !== 'string') return null;
  const known = parsed.get(pem);
  if (known !== undefined) return known;
  let certificate: x509.X509Certificate | null;
  try {
    certificate = new x509.X509Certificate(pem);
  } catch {
    certificate = null;
  }
  return remember(parsed, pem, certificate);
}

async function signedByCa(
  certificatePem: string,
  certificate: x509.X509Certificate,
  caPem: string,
  ca: x509.X509Certificate,
) {
  const key = `${caPem}\n${certificatePem}`;
  const known = caSignatures.get(key);
  if (known !== undefined) return known;
  const ok = await certificate.verify({ publicKey: ca.publicKey, signatureOnly: true }).catch(() => false);
  return remember(caSignatures, key, ok);
}

/** The workspace id a workspace certificate names, or null when it names none. */
export function workspaceIdOfCertificate(pem: string): string | null {
  const certificate = parse(pem);
  const san = certificate?.getExtension(x509.SubjectAlternativeNameExtension);
  for (const name of san?.names.items ?? []) {
    if (name.type === 'url' && name.value.startsWith(WORKSPACE_URI_PREFIX)) {
      return name.value.slice(WORKSPACE_URI_PREFIX.length);
    }
  }
  return null;
}

/** The subject CN of a certificate (the workspace name for a workspace certificate). */
export function certificateCommonName(pem: string): string | null {
  return parse(pem)?.subjectName.getField('CN')[0] ?? null;
}

const publicKeys = new Map<string, KeyObject | null>();

/** The P-256 public key a certificate certifies; null when it holds another kind of key. */
export function certificatePublicKey(pem: string): KeyObject | null {
  const known = publicKeys.get(pem);
  if (known !== undefined) return known;
  let key: KeyObject | null = null;
  try {
    key = new NodeCertificate(pem).publicKey;
    if (key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') key = null;
  } catch {
    key = null;
  }
  return remember(publicKeys, pem, key);
}

const publicJwks = new Map<string, EcPublicJwk | null>();

/** The public key a certificate certifies, as a JWK named `kid`; null when it is not a P-256 key. */
export function certificatePublicJwk(pem: string, kid: string): EcPublicJwk | null {
  let jwk = publicJwks.get(pem);
  if (jwk === undefined) {
    const key = certificatePublicKey(pem);
    jwk = remember(publicJwks, pem, key ? publicJwkFromKeyObject(key, '') : null);
  }
  return jwk ? { ...jwk, kid } : null;
}

export interface IssuedCheck {
  ok: boolean;
  reasons: string[];
}

const within = (certificate: x509.X509Certificate, at: Date) =>
  certificate.notBefore.getTime() <= at.getTime() && at.getTime() <= certificate.notAfter.getTime();

/**
 * Whether `certificatePem` was issued by the CA of `caCertificatePem` and both were valid at `at`:
 * issuer name, CA signature, the CA's basicConstraints and keyUsage, and both validity periods.
 */
export async function verifyIssuedBy(
  certificatePem: string,
  caCertificatePem: string,
  at: Date,
): Promise<IssuedCheck> {
  const certificate = parse(certificatePem);
  const ca = parse(caCertificatePem);
  if (!certificate)
    return { ok: false, reasons: ['The seal certificate is not a readable X.509 certificate.'] };
  if (!ca) return { ok: false, reasons: ['The CA certificate is not a readable X.509 certificate.'] };
  const reasons: string[] = [];
  const basic = ca.getExtension(x509.BasicConstraintsExtension);
  const usage = ca.getExtension(x509.KeyUsagesExtension);
  if (!basic?.ca || (usage && (usage.usages & x509.KeyUsageFlags.keyCertSign) === 0)) {
    reasons.push('The CA certificate is not a certificate authority allowed to sign certificates.');
  }
  if (!certificate.issuerName.toString() || certificate.issuer !== ca.subject) {
    reasons.push('The seal certificate was not issued by the given CA (issuer name differs).');
  } else if (!(await signedByCa(certificatePem, certificate, caCertificatePem, ca))) {
    reasons.push('The seal certificate does not carry a valid signature of the given CA.');
  }
  if (!within(certificate, at)) reasons.push(`The seal certificate was not valid at ${at.toISOString()}.`);
  if (!within(ca, at)) reasons.push(`The CA certificate was not valid at ${at.toISOString()}.`);
  return { ok: reasons.length === 0, reasons };
}

const sealingAllowed = new Map<string, boolean>();

/** Whether a certificate may seal: an end-entity certificate whose keyUsage allows signatures. */
export function certificateAllowsSealing(pem: string): boolean {
  const known = sealingAllowed.get(pem);
  return known ?? remember(sealingAllowed, pem, allowsSealing(pem));
}

function allowsSealing(pem: string): boolean {
  const certificate = parse(pem);
  if (!certificate) return false;
  if (certificate.getExtension(x509.BasicConstraintsExtension)?.ca) return false;
  const usage = certificate.getExtension(x509.KeyUsagesExtension);
  const signing = x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation;
  return usage === null || (usage.usages & signing) !== 0;
}
