// The trust list (platform admin API and CLI): what an entry must hold, audit, and a key taken off an
// issuer ending the sessions it verified; the verifier's public budgets.
// Routes: /admin/v1/trusted-issuers and /admin/v1/trusted-issuers/{id} (GET, PATCH, DELETE).
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { trustedIssuerAudit } from '../../src/db/schema.ts';
import { ADMIN_TOKEN, admin, bearer, createWorkspace, randomIp } from '../helpers/app.ts';
import { serveForBrowser } from '../helpers/browser.ts';
import { testDatabase } from '../helpers/db.ts';
import { createOperator, createPassport } from '../helpers/passports.ts';
import { processTimeout, run, stopProcesses } from '../helpers/process.ts';
import { useTestApp } from '../helpers/use-test-app.ts';
import { directPost, issueCredential, keyPair, newIssuer, present, requestOf } from './holder.ts';

const app = useTestApp();
const VCT = 'https://credentials.example/recycler';

const add = (payload: Record<string, unknown>, headers: Record<string, string> = admin) =>
  app.inject({ method: 'POST', url: '/admin/v1/trusted-issuers', headers, payload });

const entry = (overrides: Record<string, unknown> = {}) => {
  const issuer = newIssuer();
  return {
    issuer,
    body: {
      name: 'Recyclers Association',
      issuer: issuer.iss,
      keys: { keys: [issuer.keys.publicJwk] },
      credentialTypes: [VCT],
      accessTier: 'legitimate-interest',
      ...overrides,
    },
  };
};

describe('the trust list', () => {
  it('adds, lists, reads, changes and removes an issuer, each change audited', async () => {
    const { body } = entry({ countries: ['DE', 'AT'] });
    const created = await add(body);
    expect(created.statusCode, created.body).toBe(201);
    const issuer = created.json().issuer;
    expect(created.json()).toMatchObject({ success: true, issuer: { ...body, id: expect.any(String) } });
    const listed = await app.inject({ method: 'GET', url: '/admin/v1/trusted-issuers', headers: admin });
    expect(listed.json().issuers.map((i: { id: string }) => i.id)).toContain(issuer.id);
    const one = await app.inject({
      method: 'GET',
      url: `/admin/v1/trusted-issuers/${issuer.id}`,
      headers: admin,
    });
    expect(one.json().issuer).toEqual(issuer);
    const changed = await app.inject({
      method: 'PATCH',
      url: `/admin/v1/trusted-issuers/${issuer.id}`,
      headers: admin,
      payload: { name: 'Recyclers Association e.V.', countries: null },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().issuer).toMatchObject({ name: 'Recyclers Association e.V.', countries: null });
    const removed = await app.inject({
      method: 'DELETE',
      url: `/admin/v1/trusted-issuers/${issuer.id}`,
      headers: admin,
    });
    expect(removed.statusCode).toBe(200);
    const gone = await app.inject({
      method: 'GET',
      url: `/admin/v1/trusted-issuers/${issuer.id}`,
      headers: admin,
    });
    expect(gone.statusCode).toBe(404);
    const { db } = await testDatabase();
    const audit = await db
      .select()
      .from(trustedIssuerAudit)
      .where(eq(trustedIssuerAudit.issuerId, issuer.id));
    expect(audit.map((row) => row.action).sort()).toEqual([
      'trusted_issuer.added',
      'trusted_issuer.changed',
      'trusted_issuer.removed',
    ]);
  });

  it('refuses what an entry must not hold', async () => {
    const privateKey = keyPair().privateJwk;
    for (const overrides of [
      { issuer: 'http://plain.example' },
      { keys: { keys: [privateKey] } },
      { keys: { keys: [{ kty: 'EC', crv: 'P-256', x: 'bad' }] } },
      { keys: '-----BEGIN CERTIFICATE-----\nnot base64\n-----END CERTIFICATE-----' },
      { credentialTypes: [] },
      { accessTier: 'owner' },
      { countries: ['XX'] },
    ]) {
      const response = await add(entry(overrides).body);
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: expect.any(String) });
      expect(response.body).not.toContain(String(privateKey.d));
    }
    const { body } = entry();
    expect((await add(body)).statusCode).toBe(201);
    expect((await add(body)).statusCode).toBe(409);
  });

  it('is platform admin work: a workspace key is 401', async () => {
    const workspace = await createWorkspace(app);
    expect((await add(entry().body, bearer(workspace.token))).statusCode).toBe(401);
    const listed = await app.inject({
      method: 'GET',
      url: '/admin/v1/trusted-issuers',
      headers: bearer(workspace.token),
    });
    expect(listed.statusCode).toBe(401);
  });

  it('ends the sessions a key taken off the entry verified', async () => {
    const { issuer, body } = entry();
    const created = (await add(body)).json().issuer;
    const maker = await createWorkspace(app);
    const operator = await createOperator(app, maker);
    const passport = await createPassport(app, maker.token, { operatorId: operator.id });
    const holder = keyPair();
    const started = await app.inject({
      method: 'POST',
      url: '/access/v1/presentation-requests',
      remoteAddress: randomIp(),
      payload: {},
    });
    const { id } = started.json();
    const request = requestOf(started.json().walletUrl);
    const credential = await issueCredential(issuer, holder, {
      vct: VCT,
      organisation_name: 'Shredder AG',
      country: 'DE',
    });
    const presentation = await present(credential, holder, { aud: request.client_id, nonce: request.nonce });
    const answered = await app.inject({
      method: 'POST',
      url: `/access/v1/presentation-responses/${id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: directPost(presentation, request.state),
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const token = (
      await app.inject({ method: 'GET', url: `/access/v1/presentation-requests/${id}/result` })
    ).json().token;
    const read = () =>
      app.inject({
        method: 'GET',
        url: `/passport/${passport.id}`,
        headers: { ...bearer(token), accept: 'application/ld+json' },
      });
    expect((await read()).json().restrictedData.tiers).toEqual(['authority']);
    const rotated = await app.inject({
      method: 'PATCH',
      url: `/admin/v1/trusted-issuers/${created.id}`,
      headers: admin,
      payload: { keys: { keys: [keyPair().publicJwk] } },
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect((await read()).json().restrictedData.tiers).toEqual(['legitimate-interest', 'authority']);
  });

  it('budgets the public endpoints per address', async () => {
    const address = randomIp();
    let refused = false;
    for (let i = 0; i < 30 && !refused; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/access/v1/presentation-requests',
        remoteAddress: address,
        payload: {},
      });
      refused = response.statusCode === 429;
    }
    expect(refused).toBe(true);
    const answered = await app.inject({
      method: 'POST',
      url: '/access/v1/presentation-responses/00000000-0000-4000-8000-000000000000',
      remoteAddress: address,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'vp_token=x&state=y',
    });
    expect(answered.statusCode).toBe(429);
  });
});

describe('opendpp trusted-issuers add, list, remove', () => {
  let url: string;
  beforeAll(async () => {
    url = await serveForBrowser(app);
  });
  afterEach(stopProcesses);

  const cli = (...args: string[]) =>
    run(['bin/opendpp.js', ...args], { OPENDPP_URL: url, PLATFORM_ADMIN_TOKEN: ADMIN_TOKEN });

  it('keeps the trust list from the command line', { timeout: processTimeout(3) }, async () => {
    const issuer = newIssuer();
    const file = join(tmpdir(), `jwks-${process.pid}-${Date.now()}.json`);
    await writeFile(file, JSON.stringify({ keys: [issuer.keys.publicJwk] }));
    const added = await cli(
      'trusted-issuers',
      'add',
      '--name',
      'Zoll',
      '--issuer',
      issuer.iss,
      '--keys',
      file,
      '--types',
      `${VCT},https://credentials.example/customs`,
      '--tier',
      'authority',
    );
    expect(added.code, added.stderr).toBe(0);
    const { id } = JSON.parse(added.stdout).issuer;
    const listed = await cli('trusted-issuers', 'list');
    expect(JSON.parse(listed.stdout).issuers).toContainEqual(
      expect.objectContaining({ id, accessTier: 'authority' }),
    );
    const removed = await cli('trusted-issuers', 'remove', '--id', id);
    expect(removed.code, removed.stderr).toBe(0);
  });
});
