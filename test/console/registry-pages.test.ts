// A registration recorded by hand on the console's passport page without a browser: the registry's
// proof may be as large as the API takes (5 MiB), past the 1 MiB of the console's other uploads, and
// a proof over it is refused unread with the passport page again. Route: POST
// /console/passports/{id}/registrations.
import { describe, expect, it } from 'vitest';
import { apiCall } from '../helpers/app.ts';
import { postUpload, uploadFixture } from '../helpers/console-uploads.ts';
import { createPassport } from '../helpers/passports.ts';

const MiB = 1024 * 1024;
/** A PDF-looking proof of `size` bytes. */
const proofOf = (size: number) => {
  const head = Buffer.from('%PDF-1.7\n');
  return Buffer.concat([head, Buffer.alloc(size - head.length, 7)]);
};

describe('the console’s registration form', () => {
  const fixture = uploadFixture();

  const record = (passportId: string, registrationId: string, proof: Buffer) =>
    postUpload(fixture.app, fixture.member, `/console/passports/${passportId}/registrations`, {
      fields: { registrationId, registeredAt: '2026-11-30', version: '1' },
      file: { name: 'proof.pdf', bytes: proof },
    });

  const registrations = async (passportId: string) =>
    (
      await apiCall(
        fixture.app,
        fixture.workspace.token,
        'GET',
        `/api/v1/passports/${passportId}/registrations`,
      )
    ).json().registrations as { registrationId: string; proof: { bytes: number; url: string } | null }[];

  it('takes a proof over 1 MiB, as the API does, and keeps it whole', async () => {
    const passport = await createPassport(fixture.app, fixture.workspace.token);
    const proof = proofOf(MiB + 64 * 1024);
    const posted = await record(passport.id, 'EU-DPP-LARGE-PROOF', proof);
    expect(posted.statusCode, posted.body).toBe(303);
    expect(posted.headers.location).toBe(`/console/passports/${passport.id}?done=registered#registry`);
    const [registration] = await registrations(passport.id);
    expect(registration).toMatchObject({
      registrationId: 'EU-DPP-LARGE-PROOF',
      proof: { bytes: proof.length },
    });
    const stored = await apiCall(
      fixture.app,
      fixture.workspace.token,
      'GET',
      new URL(String(registration?.proof?.url)).pathname,
    );
    expect(stored.statusCode).toBe(200);
    expect(stored.rawPayload.equals(proof)).toBe(true);
  });

  it('refuses a proof over 5 MiB with the passport page, recording nothing', async () => {
    const passport = await createPassport(fixture.app, fixture.workspace.token);
    const posted = await record(passport.id, 'EU-DPP-TOO-LARGE', proofOf(5 * MiB + 1));
    expect(posted.statusCode).toBe(413);
    expect(posted.body).toContain('The upload is larger than 5 MiB: it was not read.');
    expect(posted.body).toContain('id="registry"');
    expect(await registrations(passport.id)).toEqual([]);
  });
});
