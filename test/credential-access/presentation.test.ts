// Access by credential, walked end to end by a holder written with the same libraries: a trusted
// issuer's SD-JWT VC opens its tier over every workspace's published passports, every read is in
// each maker's access log, and each refusal of docs/credential-access.md names its step.
// Routes: POST /access/v1/presentation-requests, GET /access/v1/presentation-requests/{id},
// GET /access/v1/presentation-requests/{id}/result, GET /access/v1/presentation-requests/{id}/session,
// POST /access/v1/presentation-responses/{id}.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, bearer, createWorkspace, randomIp, type TestWorkspace } from '../helpers/app.ts';
import { createOperator, createPassport } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';
import {
  directPost,
  issueCredential,
  keyPair,
  newIssuer,
  present,
  requestOf,
  statusListServer,
  type TestIssuer,
  trustIssuer,
} from './holder.ts';

const AUTHORITY_VCT = 'https://credentials.example/market-surveillance-authority';
const RECYCLER_VCT = 'https://credentials.example/recycler';

let offsetMs = 0;
const now = () => Date.now() + offsetMs;
const app = useTestApp({
  clock: () => new Date(now()),
  env: { CREDENTIAL_STATUS_ALLOW_INSECURE: 'true' },
});

const ip = randomIp();
const authority = newIssuer();
const recycler = newIssuer();
const holder = keyPair();
let makerA: TestWorkspace;
let makerB: TestWorkspace;
let passportA: { id: string };
let passportB: { id: string };
let draftOperator: string;
let status: Awaited<ReturnType<typeof statusListServer>>;

async function start(passportId?: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/access/v1/presentation-requests',
    remoteAddress: randomIp(),
    payload: passportId ? { passportId } : {},
  });
  expect(response.statusCode, response.body).toBe(201);
  const created = response.json() as { id: string; walletUrl: string; requestUri: string; expiresAt: string };
  return { ...created, request: requestOf(created.walletUrl) };
}

const answer = (id: string, body: string) =>
  app.inject({
    method: 'POST',
    url: `/access/v1/presentation-responses/${id}`,
    remoteAddress: randomIp(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  });

const result = (id: string) =>
  app.inject({ method: 'GET', url: `/access/v1/presentation-requests/${id}/result`, remoteAddress: ip });

const kbIat = () => Math.floor(now() / 1000);

/** A whole flow with a credential of `issuer`: the answer to the direct_post and the transaction. */
async function presentCredential(issuer: TestIssuer, claims: Parameters<typeof issueCredential>[2]) {
  const transaction = await start(passportA.id);
  const credential = await issueCredential(issuer, holder, claims);
  const presentation = await present(credential, holder, {
    aud: transaction.request.client_id,
    nonce: transaction.request.nonce,
    iat: kbIat(),
  });
  const answered = await answer(transaction.id, directPost(presentation, transaction.request.state));
  return { transaction, presentation, answered };
}

async function sessionToken(issuer: TestIssuer, vct: string) {
  const { transaction, answered } = await presentCredential(issuer, {
    vct,
    organisation_name: 'Marktaufsicht Nord',
    role: 'inspector',
    country: 'DE',
  });
  expect(answered.statusCode, answered.body).toBe(200);
  const polled = await result(transaction.id);
  expect(polled.statusCode, polled.body).toBe(200);
  return polled.json().token as string;
}

const readPassport = (id: string, token: string) =>
  app.inject({
    method: 'GET',
    url: `/passport/${id}`,
    headers: { ...bearer(token), accept: 'application/ld+json' },
  });

const accessLog = async (workspace: TestWorkspace, passportId: string) =>
  (
    await app.inject({
      method: 'GET',
      url: `/api/v1/passports/${passportId}/access-log`,
      headers: bearer(workspace.token),
    })
  ).json().entries as Record<string, unknown>[];

async function expectRefused(answered: Awaited<ReturnType<typeof answer>>, error: string, step: RegExp) {
  expect(answered.statusCode, answered.body).toBe(400);
  const body = answered.json();
  expect(body).toEqual({ error, error_description: expect.stringMatching(step) });
}

beforeAll(async () => {
  makerA = await createWorkspace(app);
  makerB = await createWorkspace(app);
  const operatorA = await createOperator(app, makerA);
  const operatorB = await createOperator(app, makerB);
  passportA = await createPassport(app, makerA.token, { operatorId: operatorA.id });
  passportB = await createPassport(app, makerB.token, { operatorId: operatorB.id });
  draftOperator = operatorA.id;
  await trustIssuer(app, authority, 'Bundesnetzagentur test CA', 'authority', [AUTHORITY_VCT]);
  await trustIssuer(app, recycler, 'Recyclers Association', 'legitimate-interest', [RECYCLER_VCT]);
  status = await statusListServer(authority);
});

afterAll(async () => {
  await status?.close();
});

describe('the presentation request', () => {
  it('carries an OpenID4VP 1.0 request by value with a DCQL query for the trusted types', async () => {
    const transaction = await start(passportA.id);
    expect(transaction.walletUrl.startsWith('openid4vp://?')).toBe(true);
    const { request } = transaction;
    expect(request).toMatchObject({
      response_type: 'vp_token',
      response_mode: 'direct_post',
      client_id: `redirect_uri:${request.response_uri}`,
      response_uri: `https://dpp.example.test/access/v1/presentation-responses/${transaction.id}`,
      nonce: expect.any(String),
      state: expect.any(String),
    });
    const [query] = (request.dcql_query as { credentials: { meta: { vct_values: string[] } }[] }).credentials;
    expect(query).toMatchObject({ id: 'credential', format: 'dc+sd-jwt' });
    expect(query?.meta.vct_values).toEqual(expect.arrayContaining([AUTHORITY_VCT, RECYCLER_VCT]));
    const fetched = await app.inject({
      method: 'GET',
      url: `/access/v1/presentation-requests/${transaction.id}`,
    });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.json()).toMatchObject({ nonce: request.nonce, state: request.state });
    const pending = await result(transaction.id);
    expect(pending.statusCode).toBe(202);
    expect(pending.json()).toEqual({ success: true, state: 'pending' });
  });
});

describe('a verified credential', () => {
  it('opens the authority tier of two makers’ passports, each read in that maker’s access log', async () => {
    const { transaction, answered } = await presentCredential(authority, {
      vct: AUTHORITY_VCT,
      organisation_name: 'Marktaufsicht Nord',
      role: 'inspector',
      country: 'DE',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().redirect_uri).toContain(
      `/access/v1/presentation-requests/${transaction.id}/session?`,
    );
    const polled = await result(transaction.id);
    expect(polled.statusCode, polled.body).toBe(200);
    const session = polled.json();
    expect(session).toMatchObject({
      success: true,
      token: expect.stringMatching(/^dpp_auth_[A-Za-z0-9_-]{43}$/),
      tier: 'authority',
      issuer: { name: 'Bundesnetzagentur test CA' },
    });
    expect(Date.parse(session.expiresAt) - now()).toBeGreaterThan(59 * 60_000);
    expect(String(polled.headers['set-cookie'])).toMatch(/dpp_credential_session=dpp_auth_.*HttpOnly/);
    expect((await result(transaction.id)).statusCode).toBe(410);

    for (const [maker, passport] of [
      [makerA, passportA],
      [makerB, passportB],
    ] as const) {
      const read = await readPassport(passport.id, session.token);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json().restrictedData.tiers).toEqual([]);
      expect(read.headers['cache-control']).toContain('private');
      const entries = await accessLog(maker, passport.id);
      expect(entries).toContainEqual(
        expect.objectContaining({
          tier: 'authority',
          accessor: expect.stringMatching(/^credential:/),
          grantId: null,
          credential: {
            issuer: 'Bundesnetzagentur test CA',
            credentialType: AUTHORITY_VCT,
            organisation: 'Marktaufsicht Nord',
            country: 'DE',
          },
        }),
      );
      expect(JSON.stringify(entries)).not.toContain('~');
    }
    // The grant holders' history reads take the session too, by passport id, in any workspace.
    const history = await app.inject({
      method: 'GET',
      url: `/api/v1/passports/${passportB.id}/history`,
      headers: bearer(session.token),
    });
    expect(history.statusCode, history.body).toBe(200);
    // The cookie the browser got reads the same tier, with no Authorization header.
    const cookie = await app.inject({
      method: 'GET',
      url: `/passport/${passportB.id}`,
      headers: { accept: 'application/ld+json', cookie: `dpp_credential_session=${session.token}` },
    });
    expect(cookie.json().restrictedData.tiers).toEqual([]);
  });

  it('opens the legitimate-interest tier of two makers’ passports for a recycler, each read in that maker’s log, and never a draft', async () => {
    const token = await sessionToken(recycler, RECYCLER_VCT);
    expect(token).toMatch(/^dpp_li_/);
    for (const [maker, passport] of [
      [makerA, passportA],
      [makerB, passportB],
    ] as const) {
      const read = await readPassport(passport.id, token);
      expect(read.statusCode, read.body).toBe(200);
      // The legitimate-interest data is shown; only the authority tier stays withheld.
      expect(read.json().restrictedData).toMatchObject({ tiers: ['authority'] });
      expect(read.headers['cache-control']).toContain('private');
      const entries = await accessLog(maker, passport.id);
      expect(entries).toContainEqual(
        expect.objectContaining({
          tier: 'legitimate-interest',
          accessor: expect.stringMatching(/^credential:/),
          grantId: null,
          credential: {
            issuer: 'Recyclers Association',
            credentialType: RECYCLER_VCT,
            organisation: 'Marktaufsicht Nord',
            country: 'DE',
          },
        }),
      );
    }
    // Each read is logged in its own maker's workspace only: the same session, one entry each.
    const session = (entries: Record<string, unknown>[]) =>
      entries.filter((entry) => entry.tier === 'legitimate-interest').map((entry) => entry.accessor);
    const [inA, inB] = [
      session(await accessLog(makerA, passportA.id)),
      session(await accessLog(makerB, passportB.id)),
    ];
    expect(inA).toHaveLength(1);
    expect(inB).toEqual(inA);
    const draft = await createPassport(app, makerA.token, { status: 'DRAFT', operatorId: draftOperator });
    const drafted = await readPassport(draft.id, token);
    expect(drafted.statusCode).toBe(404);
  });

  it('hands the session to the wallet’s browser through the same-device redirect', async () => {
    const { answered } = await presentCredential(authority, {
      vct: AUTHORITY_VCT,
      organisation_name: 'Zoll',
      country: 'DE',
    });
    const redirect = new URL(answered.json().redirect_uri);
    const landed = await app.inject({ method: 'GET', url: `${redirect.pathname}${redirect.search}` });
    expect(landed.statusCode).toBe(303);
    expect(landed.headers.location).toBe(`https://dpp.example.test/passport/${passportA.id}`);
    expect(String(landed.headers['set-cookie'])).toMatch(/dpp_credential_session=dpp_auth_/);
    const wrong = await app.inject({ method: 'GET', url: `${redirect.pathname}?response_code=nonsense` });
    expect(wrong.statusCode).toBe(404);
  });
});

describe('refusals', () => {
  it('refuses an untrusted issuer, and closes the transaction', async () => {
    const { transaction, answered } = await presentCredential(newIssuer(), {
      vct: AUTHORITY_VCT,
      organisation_name: 'X',
    });
    await expectRefused(answered, 'access_denied', /^issuer signature:/);
    const polled = await result(transaction.id);
    expect(polled.statusCode).toBe(410);
    expect(polled.json()).toMatchObject({
      success: false,
      error: expect.stringContaining('issuer signature'),
    });
  });

  it('refuses a credential signed by another key under a trusted iss', async () => {
    const impostor = { iss: authority.iss, keys: keyPair(authority.keys.publicJwk.kid as string) };
    const { answered } = await presentCredential(impostor, { vct: AUTHORITY_VCT, organisation_name: 'X' });
    await expectRefused(answered, 'invalid_request', /^issuer signature:/);
  });

  it('refuses a vct not accepted from that issuer', async () => {
    const { answered } = await presentCredential(recycler, { vct: AUTHORITY_VCT, organisation_name: 'X' });
    await expectRefused(answered, 'access_denied', /^vct:/);
  });

  it('refuses an expired credential', async () => {
    const { answered } = await presentCredential(authority, {
      vct: AUTHORITY_VCT,
      organisation_name: 'X',
      exp: Math.floor(now() / 1000) - 10,
    });
    await expectRefused(answered, 'access_denied', /^validity:/);
  });

  it('refuses a wrong nonce and a wrong aud', async () => {
    const credential = await issueCredential(authority, holder, {
      vct: AUTHORITY_VCT,
      organisation_name: 'X',
    });
    const first = await start();
    const wrongNonce = await present(credential, holder, {
      aud: first.request.client_id,
      nonce: 'other',
      iat: kbIat(),
    });
    await expectRefused(
      await answer(first.id, directPost(wrongNonce, first.request.state)),
      'invalid_request',
      /nonce/,
    );
    const second = await start();
    const wrongAud = await present(credential, holder, {
      aud: 'redirect_uri:https://elsewhere.example/cb',
      nonce: second.request.nonce,
      iat: kbIat(),
    });
    await expectRefused(
      await answer(second.id, directPost(wrongAud, second.request.state)),
      'invalid_request',
      /aud/,
    );
    const third = await start();
    const stale = await present(credential, holder, {
      aud: third.request.client_id,
      nonce: third.request.nonce,
      iat: kbIat() - 600,
    });
    await expectRefused(
      await answer(third.id, directPost(stale, third.request.state)),
      'invalid_request',
      /iat/,
    );
  });

  it('refuses a wrong state before reading the presentation', async () => {
    const transaction = await start();
    await expectRefused(
      await answer(transaction.id, directPost('not-a-credential', 'other-state')),
      'invalid_request',
      /^state:/,
    );
  });

  it('refuses a disclosure whose digest the credential lacks, rather than dropping it', async () => {
    const transaction = await start();
    const credential = await issueCredential(authority, holder, {
      vct: AUTHORITY_VCT,
      organisation_name: 'Real',
    });
    const presentation = await present(credential, holder, {
      aud: transaction.request.client_id,
      nonce: transaction.request.nonce,
      iat: kbIat(),
    });
    // A disclosure the issuer never signed a digest for, slipped in beside the real ones: the
    // @sd-jwt packages would drop it silently; the node refuses the presentation.
    const forged = Buffer.from(JSON.stringify(['c2FsdA', 'organisation_name', 'Forged'])).toString(
      'base64url',
    );
    const [jwt, ...rest] = presentation.split('~');
    const tampered = [jwt, forged, ...rest].join('~');
    await expectRefused(
      await answer(transaction.id, directPost(tampered, transaction.request.state)),
      'invalid_request',
      /^disclosures:/,
    );
  });

  it('refuses a replayed vp_token, in the same transaction and in another', async () => {
    const { transaction, presentation, answered } = await presentCredential(authority, {
      vct: AUTHORITY_VCT,
      organisation_name: 'X',
    });
    expect(answered.statusCode).toBe(200);
    await expectRefused(
      await answer(transaction.id, directPost(presentation, transaction.request.state)),
      'invalid_request',
      /^transaction:/,
    );
    const other = await start();
    await expectRefused(
      await answer(other.id, directPost(presentation, other.request.state)),
      'invalid_request',
      /key binding/,
    );
  });

  it('refuses a revoked credential by its status list, and an unreachable list', async () => {
    const revokedIndex = 7;
    status.revoke(revokedIndex);
    const valid = await presentCredential(authority, {
      vct: AUTHORITY_VCT,
      organisation_name: 'X',
      status: { status_list: { idx: 3, uri: status.uri } },
    });
    expect(valid.answered.statusCode, valid.answered.body).toBe(200);
    const revoked = await presentCredential(authority, {
      vct: AUTHORITY_VCT,
      organisation_name: 'X',
      status: { status_list: { idx: revokedIndex, uri: status.uri } },
    });
    await expectRefused(revoked.answered, 'access_denied', /^status: the credential is revoked/);
    const unreachable = await presentCredential(authority, {
      vct: AUTHORITY_VCT,
      organisation_name: 'X',
      status: { status_list: { idx: 1, uri: 'http://127.0.0.1:9/status' } },
    });
    await expectRefused(unreachable.answered, 'access_denied', /^status: .*unreachable/);
  });

  it('ends the sessions of a removed issuer', async () => {
    const departing = newIssuer();
    const entry = await trustIssuer(app, departing, 'Departing authority', 'authority', [AUTHORITY_VCT]);
    const token = await sessionToken(departing, AUTHORITY_VCT);
    expect((await readPassport(passportA.id, token)).json().restrictedData.tiers).toEqual([]);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/admin/v1/trusted-issuers/${entry.id}`,
      headers: admin,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const after = await readPassport(passportA.id, token);
    expect(after.json().restrictedData).toMatchObject({ tiers: ['legitimate-interest', 'authority'] });
    const history = await app.inject({
      method: 'GET',
      url: `/api/v1/passports/${passportA.id}/history`,
      headers: bearer(token),
    });
    expect(history.statusCode).toBe(404);
  });

  it('refuses an answer after the transaction expired', async () => {
    const transaction = await start();
    const credential = await issueCredential(authority, holder, {
      vct: AUTHORITY_VCT,
      organisation_name: 'X',
    });
    const presentation = await present(credential, holder, {
      aud: transaction.request.client_id,
      nonce: transaction.request.nonce,
      iat: kbIat(),
    });
    offsetMs += 6 * 60_000;
    await expectRefused(
      await answer(transaction.id, directPost(presentation, transaction.request.state)),
      'invalid_request',
      /^transaction: expired/,
    );
    expect((await result(transaction.id)).statusCode).toBe(410);
  });
});
