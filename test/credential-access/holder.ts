// A credential issuer and a holder's wallet for the tests, written with the same libraries the node
// uses: the issuer signs an SD-JWT VC with `cnf` (the holder's key) and, when asked, a Token Status
// List; the wallet answers an Authorization Request with a Key Binding JWT, as direct_post sends it.
// For tests of what a session reads: an issuer trusted and a whole flow walked to the session token.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { digest, ES256, generateSalt } from '@sd-jwt/crypto-nodejs';
import { createHeaderAndPayload, StatusList } from '@sd-jwt/jwt-status-list';
import { SDJwtVcInstance } from '@sd-jwt/sd-jwt-vc';
import { CompactSign, importJWK, type JWK } from 'jose';
import { expect } from 'vitest';
import type { App } from '../../src/context.ts';
import { admin, randomIp } from '../helpers/app.ts';

type LibraryJwk = Parameters<typeof ES256.getSigner>[0];

export interface KeyPair {
  publicJwk: JWK;
  privateJwk: JWK;
}

export function keyPair(kid: string = randomUUID()): KeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    publicJwk: { ...(publicKey.export({ format: 'jwk' }) as JWK), kid, alg: 'ES256' },
    privateJwk: { ...(privateKey.export({ format: 'jwk' }) as JWK), kid, alg: 'ES256' },
  };
}

export interface TestIssuer {
  iss: string;
  keys: KeyPair;
}

export const newIssuer = (): TestIssuer => ({
  iss: `https://issuer-${randomUUID().slice(0, 8)}.example`,
  keys: keyPair(),
});

export interface CredentialClaims {
  vct: string;
  organisation_name?: string;
  role?: string;
  country?: string;
  exp?: number;
  nbf?: number;
  status?: { status_list: { idx: number; uri: string } };
}

/**
 * An SD-JWT VC of `issuer` bound to `holder`, its organisation, role and country selectively
 * disclosable; `header` adds to the protected header (an `x5c` chain).
 */
export async function issueCredential(
  issuer: TestIssuer,
  holder: KeyPair,
  claims: CredentialClaims,
  header: Record<string, unknown> = {},
) {
  const sdjwt = new SDJwtVcInstance({
    hasher: digest,
    hashAlg: 'sha-256',
    saltGenerator: generateSalt,
    signAlg: ES256.alg,
    signer: await ES256.getSigner(issuer.keys.privateJwk as LibraryJwk),
  });
  const now = Math.floor(Date.now() / 1000);
  const { kid: _kid, alg: _alg, ...cnfJwk } = holder.publicJwk;
  return sdjwt.issue(
    { iss: issuer.iss, iat: now - 60, cnf: { jwk: cnfJwk }, ...claims },
    { _sd: ['organisation_name', 'role', 'country'].filter((name) => name in claims) as never },
    { header: { typ: 'dc+sd-jwt', kid: issuer.keys.publicJwk.kid, ...header } },
  );
}

export interface KbOptions {
  aud: string;
  nonce: string;
  iat?: number;
}

/** The presentation the wallet sends: every disclosure, and a Key Binding JWT over them. */
export async function present(credential: string, holder: KeyPair, kb: KbOptions) {
  const sdjwt = new SDJwtVcInstance({
    hasher: digest,
    hashAlg: 'sha-256',
    saltGenerator: generateSalt,
    kbSignAlg: ES256.alg,
    kbSigner: await ES256.getSigner(holder.privateJwk as LibraryJwk),
  });
  return sdjwt.present(credential, { organisation_name: true, role: true, country: true } as never, {
    kb: { payload: { aud: kb.aud, nonce: kb.nonce, iat: kb.iat ?? Math.floor(Date.now() / 1000) } },
  });
}

/** The Authorization Request a walletUrl carries by value. */
export function requestOf(walletUrl: string) {
  const url = new URL(walletUrl);
  const params = Object.fromEntries(url.searchParams);
  return {
    ...params,
    dcql_query: JSON.parse(params.dcql_query as string),
  } as unknown as Record<string, unknown> & {
    client_id: string;
    nonce: string;
    state: string;
    response_uri: string;
  };
}

/** The direct_post body: `vp_token` (a DCQL answer) and `state`. */
export const directPost = (presentation: string, state: string, credentialId = 'credential') =>
  new URLSearchParams({ vp_token: JSON.stringify({ [credentialId]: [presentation] }), state }).toString();

/** A Token Status List the issuer signs and the test serves on loopback: set(index, 1) revokes. */
export async function statusListServer(issuer: TestIssuer): Promise<{
  uri: string;
  revoke(index: number): void;
  close(): Promise<void>;
}> {
  const list = new StatusList(new Array(64).fill(0), 1);
  const server: Server = createServer(async (_request, response) => {
    const uri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/status`;
    const { header, payload } = createHeaderAndPayload(
      list,
      { iss: issuer.iss, sub: uri, iat: Math.floor(Date.now() / 1000) },
      { alg: 'ES256', typ: 'statuslist+jwt', kid: issuer.keys.publicJwk.kid as string },
    );
    const jwt = await new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
      .setProtectedHeader(header as never)
      .sign(await importJWK(issuer.keys.privateJwk, 'ES256'));
    response.writeHead(200, { 'content-type': 'application/statuslist+jwt' }).end(jwt);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const uri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/status`;
  return {
    uri,
    revoke: (index) => list.setStatus(index, 1),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Trusts `issuer` on the node under `name`, for `credentialTypes`, opening `accessTier`; answers its entry. */
export async function trustIssuer(
  app: App,
  issuer: TestIssuer,
  name: string,
  accessTier: 'authority' | 'legitimate-interest',
  credentialTypes: string[],
) {
  const response = await app.inject({
    method: 'POST',
    url: '/admin/v1/trusted-issuers',
    headers: admin,
    payload: {
      name,
      issuer: issuer.iss,
      keys: { keys: [issuer.keys.publicJwk] },
      credentialTypes,
      accessTier,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().issuer as { id: string };
}

/**
 * A credential session as a wallet opens it: a transaction started (for `passportId` when given), a
 * credential of the trusted `issuer` with `claims` presented by a fresh holder key, and the session's
 * token collected from the result.
 */
export async function credentialSession(
  app: App,
  issuer: TestIssuer,
  claims: CredentialClaims,
  passportId?: string,
): Promise<string> {
  const holder = keyPair();
  const started = await app.inject({
    method: 'POST',
    url: '/access/v1/presentation-requests',
    remoteAddress: randomIp(),
    payload: passportId ? { passportId } : {},
  });
  expect(started.statusCode, started.body).toBe(201);
  const { id, walletUrl } = started.json() as { id: string; walletUrl: string };
  const request = requestOf(walletUrl);
  const credential = await issueCredential(issuer, holder, claims);
  const presentation = await present(credential, holder, { aud: request.client_id, nonce: request.nonce });
  const answered = await app.inject({
    method: 'POST',
    url: `/access/v1/presentation-responses/${id}`,
    remoteAddress: randomIp(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: directPost(presentation, request.state),
  });
  expect(answered.statusCode, answered.body).toBe(200);
  const result = await app.inject({
    method: 'GET',
    url: `/access/v1/presentation-requests/${id}/result`,
    remoteAddress: randomIp(),
  });
  expect(result.statusCode, result.body).toBe(200);
  return result.json().token as string;
}
