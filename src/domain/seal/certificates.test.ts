import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateSigningKey, samePublicKey } from '../crypto/keys.ts';
import {
  certificateAllowsSealing,
  certificateCommonName,
  certificatePublicJwk,
  createSealCa,
  issueWorkspaceCertificate,
  verifyIssuedBy,
  workspaceIdOfCertificate,
} from './certificates.ts';

const YEAR = 365 * 24 * 3600 * 1000;
const start = new Date('2025-01-01T00:00:00Z');
const validity = { notBefore: start, notAfter: new Date(start.getTime() + 10 * YEAR) };
const ca = await createSealCa({ commonName: 'Example Seal CA', ...validity });
const otherCa = await createSealCa({ commonName: 'Example Seal CA', ...validity });
const key = generateSigningKey('key-1');
const workspace = { id: '7f1c1a52-57a4-4a51-9a53-3a9b1f0c2d11', name: 'VoltCell, Europe <GmbH>' };
const certificatePem = await issueWorkspaceCertificate({
  ca,
  workspace,
  publicJwk: key.publicJwk,
  notBefore: start,
  notAfter: new Date(start.getTime() + 2 * YEAR),
});

describe('seal CA', () => {
  it('is a self-signed P-256 CA allowed to sign certificates and CRLs only', () => {
    const certificate = new X509Certificate(ca.certificatePem);
    expect(certificate.ca).toBe(true);
    expect(certificate.subject).toBe('CN=Example Seal CA');
    expect(certificate.issuer).toBe(certificate.subject);
    expect(certificate.verify(certificate.publicKey)).toBe(true);
    expect(certificate.publicKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
    expect(ca.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(certificateAllowsSealing(ca.certificatePem)).toBe(false);
  });
});

describe('workspace certificate', () => {
  it('names the workspace and certifies its key', () => {
    const certificate = new X509Certificate(certificatePem);
    expect(certificate.ca).toBe(false);
    expect(certificate.checkIssued(new X509Certificate(ca.certificatePem))).toBe(true);
    expect(certificate.verify(new X509Certificate(ca.certificatePem).publicKey)).toBe(true);
    expect(certificateCommonName(certificatePem)).toBe(workspace.name);
    expect(workspaceIdOfCertificate(certificatePem)).toBe(workspace.id);
    expect(certificate.subjectAltName).toBe(`URI:urn:opendpp:workspace:${workspace.id}`);
    const jwk = certificatePublicJwk(certificatePem, 'key-1');
    expect(jwk && samePublicKey(jwk, key.publicJwk)).toBe(true);
    expect(certificateAllowsSealing(certificatePem)).toBe(true);
    expect(new Date(certificate.validTo).getTime()).toBe(start.getTime() + 2 * YEAR);
  });

  it('verifies against its CA while both are valid', async () => {
    expect(await verifyIssuedBy(certificatePem, ca.certificatePem, new Date('2026-06-01T00:00:00Z'))).toEqual(
      {
        ok: true,
        reasons: [],
      },
    );
  });

  it('fails against another CA of the same name', async () => {
    const check = await verifyIssuedBy(
      certificatePem,
      otherCa.certificatePem,
      new Date('2026-06-01T00:00:00Z'),
    );
    expect(check.ok).toBe(false);
    expect(check.reasons.join(' ')).toMatch(/signature of the given CA/);
  });

  it('fails outside its validity', async () => {
    const after = await verifyIssuedBy(certificatePem, ca.certificatePem, new Date('2027-06-01T00:00:00Z'));
    expect(after.ok).toBe(false);
    expect(after.reasons).toEqual(['The seal certificate was not valid at 2027-06-01T00:00:00.000Z.']);
    const before = await verifyIssuedBy(certificatePem, ca.certificatePem, new Date('2024-12-31T23:59:59Z'));
    expect(before.ok).toBe(false);
    expect(before.reasons).toHaveLength(2);
  });

  it('fails when the issuer is not a CA, or the input is not a certificate', async () => {
    const at = new Date('2026-06-01T00:00:00Z');
    expect((await verifyIssuedBy(certificatePem, certificatePem, at)).ok).toBe(false);
    expect((await verifyIssuedBy('garbage', ca.certificatePem, at)).reasons).toEqual([
      'The seal certificate is not a readable X.509 certificate.',
    ]);
    expect((await verifyIssuedBy(certificatePem, 'garbage', at)).ok).toBe(false);
    expect(workspaceIdOfCertificate(ca.certificatePem)).toBeNull();
    expect(workspaceIdOfCertificate('garbage')).toBeNull();
    expect(certificatePublicJwk('garbage', 'k')).toBeNull();
  });
});
