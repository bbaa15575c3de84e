import { beforeAll, describe, expect, it } from 'vitest';
import { tierView } from '../passports/tier-view.ts';
import { batteryPassportDocument, type SealFixture, sealFixture } from '../seal/fixtures.ts';
import { sealDocument } from '../seal/index.ts';
import { copyRefusal, sameCertificate, sealCaProblem } from './checks.ts';

let fixture: SealFixture;
let sealed: Record<string, unknown>;
const id = () => sealed.id as string;

beforeAll(async () => {
  fixture = await sealFixture();
  const document = batteryPassportDocument();
  sealed = {
    ...document,
    ...(await sealDocument(document, {
      passportId: document.id as string,
      version: 3,
      sealedAt: new Date(),
      key: fixture.key,
      certificatePem: fixture.certificatePem,
    })),
  };
});

describe('what a backup host keeps', () => {
  it('takes a CA certificate as a pinned seal CA, and nothing else', () => {
    expect(sealCaProblem(fixture.ca.certificatePem)).toBeNull();
    expect(sealCaProblem(fixture.certificatePem)).toMatch(/not a CA certificate/);
    expect(sealCaProblem('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----')).toMatch(
      /not a readable/,
    );
  });

  it('knows one certificate in two PEM texts, and tells two certificates apart', async () => {
    const pem = fixture.ca.certificatePem;
    const rewrapped = `\n${pem.trim().replaceAll('\n', '\r\n')}\r\n\n`;
    expect(sameCertificate(pem, rewrapped)).toBe(true);
    expect(sameCertificate(pem, (await sealFixture()).ca.certificatePem)).toBe(false);
    expect(sameCertificate(pem, fixture.certificatePem)).toBe(false);
    expect(sameCertificate(pem, 'not a certificate')).toBe(false);
  });

  it('keeps a whole sealed document whose seal chains to the pinned CA', async () => {
    expect(
      await copyRefusal(sealed, { passportId: id(), version: 3 }, fixture.ca.certificatePem, new Date()),
    ).toBeNull();
  });

  it('refuses another path, another CA, a changed value, an unsealed document and a masked view', async () => {
    const now = new Date();
    const ca = fixture.ca.certificatePem;
    expect(await copyRefusal(sealed, { passportId: id(), version: 2 }, ca, now)).toMatch(/not version 2/);
    expect(
      await copyRefusal(sealed, { passportId: '00000000-0000-4000-8000-000000000000', version: 3 }, ca, now),
    ).toMatch(/not 00000000/);
    const other = await sealFixture();
    expect(await copyRefusal(sealed, { passportId: id(), version: 3 }, other.ca.certificatePem, now)).toMatch(
      /does not chain/,
    );
    const changed = { ...sealed, productId: '09999999999999' };
    expect(await copyRefusal(changed, { passportId: id(), version: 3 }, ca, now)).toMatch(/does not verify/);
    expect(
      await copyRefusal({ ...sealed, digitalSeal: null }, { passportId: id(), version: 3 }, ca, now),
    ).toMatch(/not sealed/);
    const masked = tierView(sealed, 'public', { requestAccessUrl: 'https://x.example/request-access/x' });
    expect(await copyRefusal(masked, { passportId: id(), version: 3 }, ca, now)).toMatch(/masked view/);
    expect(await copyRefusal([1], { passportId: id(), version: 3 }, ca, now)).toMatch(/not sealed/);
  });
});
