// Access by credential (docs/credential-access.md): an OpenID4VP 1.0 verifier for SD-JWT VCs asked
// for with DCQL. A page or a wallet starts a transaction (createPresentationRequest); the wallet
// answers by direct_post (answerPresentation), which opens a credential session on success; the page
// that showed the QR code collects the session's token once (presentationResult), or the wallet's
// browser does through the same-device redirect (collectSameDevice). Sessions read as grants do
// (credentialSessionFromToken): every published passport of every workspace at the issuer's tier.
// The trust list's admin rules are trust-list.ts.
import { createHash, randomBytes } from 'node:crypto';
import {
  createOpenid4vpAuthorizationRequest,
  type Openid4vpAuthorizationRequest,
  validateOpenid4vpAuthorizationResponsePayload,
} from '@openid4vc/openid4vp';
import { compactVerify, decodeProtectedHeader, importJWK, type JWK } from 'jose';
import type { ServiceContext } from '../../context.ts';
import { conflict, notFound } from '../../core/errors.ts';
import type { Db } from '../../db/client.ts';
import { hashToken, sameHash } from '../../domain/auth/api-token.ts';
import { type GrantTier, generateGrantToken, grantTokenTier } from '../../domain/auth/grant-token.ts';
import { isUuid } from '../../domain/ids.ts';
import { findPublishedById } from '../passports/service.ts';
import { sessionCacheFor } from './session-cache.ts';
import { checkStatus } from './status-list.ts';
import * as store from './store.ts';
import { PresentationRefused, type Refusal, verifyPresentation } from './verify-presentation.ts';

export {
  addTrustedIssuer,
  changeTrustedIssuer,
  getTrustedIssuer,
  listTrustedIssuers,
  removeTrustedIssuer,
  type TrustedIssuerInput,
  type TrustedIssuerRecord,
} from './trust-list.ts';
export type { Refusal };

export interface CredentialContext extends ServiceContext {
  /** CREDENTIAL_STATUS_ALLOW_INSECURE: status lists over http and on private addresses (tests). */
  statusAllowInsecure: boolean;
}

export const TRANSACTION_TTL_MS = 5 * 60_000;
export const SESSION_TTL_MS = 60 * 60_000;
/** The DCQL credential query id the node asks for. */
export const DCQL_CREDENTIAL_ID = 'credential';
export const SESSION_COOKIE = 'dpp_credential_session';

/** The session cookie's attributes: HttpOnly, for the browser that started (or finished) the flow. */
export const sessionCookieOptions = (baseUrl: string) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: baseUrl.startsWith('https:'),
  maxAge: SESSION_TTL_MS / 1000,
});

const randomText = () => randomBytes(32).toString('base64url');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export const responseUriOf = (baseUrl: string, id: string) =>
  `${baseUrl}/access/v1/presentation-responses/${id}`;
export const requestUriOf = (baseUrl: string, id: string) =>
  `${baseUrl}/access/v1/presentation-requests/${id}`;
export const clientIdOf = (baseUrl: string, id: string) => `redirect_uri:${responseUriOf(baseUrl, id)}`;

/** The DCQL query: one dc+sd-jwt credential of a trusted type, with the claims the access log names. */
function dcqlQuery(credentialTypes: string[]) {
  return {
    credentials: [
      {
        id: DCQL_CREDENTIAL_ID,
        format: 'dc+sd-jwt',
        meta: { vct_values: credentialTypes },
        claims: [
          { id: 'organisation', path: ['organisation_name'] },
          { id: 'role', path: ['role'] },
          { id: 'country', path: ['country'] },
        ],
        claim_sets: [['organisation', 'role', 'country'], ['organisation', 'country'], ['organisation']],
      },
    ],
  };
}

const noSigning = {
  signJwt: () => Promise.reject(new Error('the node sends its request by value, unsigned')),
  encryptJwe: () => Promise.reject(new Error('the node does not encrypt requests')),
};

export interface PresentationRequestInput {
  passportId?: string;
  purpose?: string;
}

export async function createPresentationRequest(services: ServiceContext, input: PresentationRequestInput) {
  const issuers = await store.listIssuers(services.db);
  const types = [...new Set(issuers.flatMap((issuer) => issuer.credentialTypes))];
  if (types.length === 0) throw conflict('This node trusts no credential issuer yet');
  let passportId: string | null = null;
  if (input.passportId !== undefined) {
    const passport = isUuid(input.passportId) ? await findPublishedById(services.db, input.passportId) : null;
    if (!passport) throw notFound('Passport not found');
    passportId = passport.id;
  }
  const id = crypto.randomUUID();
  const now = services.clock();
  const expiresAt = new Date(now.getTime() + TRANSACTION_TTL_MS);
  const responseUri = responseUriOf(services.baseUrl, id);
  const { authorizationRequestPayload, authorizationRequest } = await createOpenid4vpAuthorizationRequest({
    authorizationRequestPayload: {
      response_type: 'vp_token',
      client_id: clientIdOf(services.baseUrl, id),
      response_mode: 'direct_post',
      response_uri: responseUri,
      nonce: randomText(),
      state: randomText(),
      dcql_query: dcqlQuery(types),
      client_metadata: {
        client_name: 'OpenDPP node',
        vp_formats_supported: {
          'dc+sd-jwt': {
            'sd-jwt_alg_values': ['ES256', 'ES384', 'EdDSA'],
            'kb-jwt_alg_values': ['ES256', 'ES384', 'EdDSA'],
          },
        },
      },
    } as Openid4vpAuthorizationRequest,
    callbacks: noSigning,
    now,
  });
  // Transactions a day past their expiry say nothing any more: each new one clears them.
  await store.deleteOldTransactions(services.db, new Date(now.getTime() - 24 * 60 * 60_000));
  await store.insertTransaction(services.db, {
    id,
    nonce: authorizationRequestPayload.nonce,
    state: authorizationRequestPayload.state as string,
    passportId,
    purpose: input.purpose ?? null,
    request: authorizationRequestPayload,
    outcome: 'pending',
    createdAt: now,
    expiresAt,
  });
  return {
    id,
    requestUri: requestUriOf(services.baseUrl, id),
    walletUrl: authorizationRequest,
    expiresAt: expiresAt.toISOString(),
  };
}

/** The `openid4vp://` URL of a stored Authorization Request (by value, as it was first offered). */
async function walletUrlOf(request: Openid4vpAuthorizationRequest): Promise<string> {
  const { authorizationRequest } = await createOpenid4vpAuthorizationRequest({
    authorizationRequestPayload: request,
    callbacks: noSigning,
  });
  return authorizationRequest;
}

/** Whether the node trusts any issuer, so that the request-access page offers a credential. */
export async function credentialAccessOffered(services: ServiceContext): Promise<boolean> {
  return (await store.listIssuers(services.db)).length > 0;
}

export type PresentationPage =
  | { state: 'pending'; walletUrl: string; passportId: string | null }
  | { state: 'session'; session: CollectedSession; passportId: string | null }
  | { state: 'refused' | 'expired' | 'collected'; passportId: string | null };

/**
 * What the request-access page shows of a transaction it started: the QR code again while the
 * wallet has not answered, the session (collected now, once) after it did, or why there is none.
 */
export async function presentationPage(
  context: ServiceContext,
  id: string,
): Promise<PresentationPage | null> {
  const row = isUuid(id) ? await store.findTransaction(context.db, id.toLowerCase()) : null;
  if (!row) return null;
  const { passportId } = row;
  if (row.outcome === 'pending') {
    if (row.expiresAt <= context.clock()) return { state: 'expired', passportId };
    return {
      state: 'pending',
      walletUrl: await walletUrlOf(row.request as Openid4vpAuthorizationRequest),
      passportId,
    };
  }
  if (row.outcome === 'refused') return { state: 'refused', passportId };
  const session = row.outcome === 'verified' ? await collect(context, row) : null;
  return session ? { state: 'session', session, passportId } : { state: 'collected', passportId };
}

async function openTransaction(services: ServiceContext, id: string) {
  const row = isUuid(id) ? await store.findTransaction(services.db, id.toLowerCase()) : null;
  if (row?.outcome !== 'pending' || row.expiresAt <= services.clock())
    throw notFound('No open presentation request with this id');
  return row;
}

/** The Authorization Request of an open transaction, for wallets that fetch it by `request_uri`. */
export async function presentationRequest(services: ServiceContext, id: string) {
  return (await openTransaction(services, id)).request as Record<string, unknown>;
}

const refused = (error: Refusal['error'], description: string) =>
  new PresentationRefused({ error, error_description: description });

/** Verifies a JWT (the status list's) with the trusted issuer's pinned JWKS keys. */
function issuerJwtVerifier(issuer: store.IssuerRow) {
  return async (jwt: string) => {
    const keys = (issuer.keys as { keys?: JWK[] } | null)?.keys ?? [];
    let alg = 'ES256';
    try {
      const header = decodeProtectedHeader(jwt);
      if (header.typ !== 'statuslist+jwt') return false;
      alg = header.alg ?? alg;
    } catch {
      return false;
    }
    for (const key of keys) {
      try {
        await compactVerify(jwt, await importJWK({ ...key, alg }, alg));
        return true;
      } catch {
        // The next key.
      }
    }
    return false;
  };
}

const text = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 200) : null;

async function verifyAnswer(
  context: CredentialContext,
  row: store.TransactionRow,
  body: Record<string, unknown>,
) {
  const request = row.request as Openid4vpAuthorizationRequest;
  // The state first: a response for another transaction is refused before its presentation is read.
  if (typeof body.state !== 'string' || body.state !== row.state)
    throw refused('invalid_request', 'state: the state does not match the transaction');
  let presentations: Record<string, unknown[]>;
  try {
    const vpToken = typeof body.vp_token === 'string' ? JSON.parse(body.vp_token) : body.vp_token;
    const validated = validateOpenid4vpAuthorizationResponsePayload({
      authorizationRequestPayload: request,
      authorizationResponsePayload: { vp_token: vpToken, state: body.state },
    });
    if (validated.type !== 'dcql') throw new Error('not a DCQL answer');
    presentations = validated.dcql.presentations;
  } catch {
    throw refused('invalid_request', 'vp_token: not a DCQL vp_token');
  }
  const entries = presentations[DCQL_CREDENTIAL_ID];
  if (entries?.length !== 1 || typeof entries[0] !== 'string' || Object.keys(presentations).length !== 1)
    throw refused(
      'invalid_request',
      `vp_token: expected one presentation for the credential query "${DCQL_CREDENTIAL_ID}"`,
    );
  const verified = await verifyPresentation(entries[0], (iss) => store.findIssuerByIss(context.db, iss), {
    clientId: request.client_id,
    nonce: row.nonce,
    now: context.clock(),
  });
  if (await store.kbJwtSeen(context.db, verified.kbJwtHash))
    throw refused('invalid_request', 'key binding: this presentation was already answered');
  if (verified.status)
    await checkStatus(verified.status, issuerJwtVerifier(verified.issuer), context.statusAllowInsecure);
  const country = text(verified.claims.country)?.toUpperCase() ?? null;
  const countries = verified.issuer.countries;
  if (countries && (!country || !countries.includes(country)))
    throw refused('access_denied', 'country: the credential’s country is not one this issuer is trusted for');
  return { ...verified, country };
}

export type PresentationAnswer =
  | { status: 200; body: { redirect_uri: string } }
  | { status: 400; body: Refusal };

/**
 * The wallet's direct_post. The checks run in the documented order; the first failure closes the
 * transaction with its refusal. Success opens the credential session (its token is minted when it
 * is collected, so no token is ever stored).
 */
export async function answerPresentation(
  context: CredentialContext,
  id: string,
  body: Record<string, unknown>,
): Promise<PresentationAnswer> {
  const row = isUuid(id) ? await store.findTransaction(context.db, id.toLowerCase()) : null;
  const now = context.clock();
  if (row?.outcome !== 'pending')
    return { status: 400, body: { error: 'invalid_request', error_description: 'transaction: not open' } };
  if (row.expiresAt <= now) {
    const refusal: Refusal = { error: 'invalid_request', error_description: 'transaction: expired' };
    await store.updateTransaction(context.db, row.id, { outcome: 'refused', refusal, answeredAt: now });
    return { status: 400, body: refusal };
  }
  let verified: Awaited<ReturnType<typeof verifyAnswer>>;
  try {
    verified = await verifyAnswer(context, row, body);
  } catch (error) {
    if (!(error instanceof PresentationRefused)) throw error;
    await closeRefused(context, row.id, error.refusal, now);
    return { status: 400, body: error.refusal };
  }
  const code = randomText();
  const opened = await (context.db as Db).transaction(async (tx) => {
    const current = await store.findTransaction(tx, row.id, true);
    if (current?.outcome !== 'pending') return false;
    const session = await store.insertSession(tx, {
      issuerId: verified.issuer.id,
      keyId: verified.keyId,
      tier: verified.issuer.accessTier,
      issuerName: verified.issuer.name,
      credentialType: verified.vct,
      organisation: text(verified.claims.organisation_name),
      country: verified.country,
      role: text(verified.claims.role),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    });
    await store.updateTransaction(tx, row.id, {
      outcome: 'verified',
      sessionId: session.id,
      kbJwtHash: verified.kbJwtHash,
      responseCodeHash: sha256(code),
      answeredAt: now,
    });
    return true;
  });
  if (!opened)
    return { status: 400, body: { error: 'invalid_request', error_description: 'transaction: not open' } };
  return {
    status: 200,
    body: { redirect_uri: `${requestUriOf(context.baseUrl, row.id)}/session?response_code=${code}` },
  };
}

async function closeRefused(context: ServiceContext, id: string, refusal: Refusal, at: Date) {
  await (context.db as Db).transaction(async (tx) => {
    const current = await store.findTransaction(tx, id, true);
    if (current?.outcome === 'pending')
      await store.updateTransaction(tx, id, { outcome: 'refused', refusal, answeredAt: at });
  });
}

export interface CollectedSession {
  token: string;
  tier: GrantTier;
  expiresAt: string;
  issuer: { name: string };
  passportId: string | null;
}

/** Mints the session's token once, and marks the transaction collected. Null when already done. */
async function collect(context: ServiceContext, row: store.TransactionRow): Promise<CollectedSession | null> {
  if (row.sessionId === null) return null;
  const session = await store.findSession(context.db, row.sessionId);
  if (!session || session.endedAt !== null || session.expiresAt <= context.clock()) return null;
  const tier = session.tier as GrantTier;
  const { token, hash } = generateGrantToken(tier);
  if (!(await store.setSessionToken(context.db, session.id, hash))) return null;
  await store.updateTransaction(context.db, row.id, { outcome: 'collected' });
  return {
    token,
    tier,
    expiresAt: session.expiresAt.toISOString(),
    issuer: { name: session.issuerName },
    passportId: row.passportId,
  };
}

export type PresentationResult =
  | { status: 202; body: { success: true; state: 'pending' } }
  | {
      status: 200;
      body: { success: true; token: string; tier: GrantTier; expiresAt: string; issuer: { name: string } };
    }
  | { status: 410; body: { success: false; error: string } };

const gone = (error: string): PresentationResult => ({ status: 410, body: { success: false, error } });

/** What the page that showed the QR code polls: pending, the session once, then gone. */
export async function presentationResult(context: ServiceContext, id: string): Promise<PresentationResult> {
  const row = isUuid(id) ? await store.findTransaction(context.db, id.toLowerCase()) : null;
  if (!row) throw notFound('No presentation request with this id');
  if (row.outcome === 'pending') {
    if (row.expiresAt > context.clock()) return { status: 202, body: { success: true, state: 'pending' } };
    return gone('transaction: expired');
  }
  if (row.outcome === 'refused') {
    const refusal = row.refusal as Refusal | null;
    return gone(refusal ? `${refusal.error}: ${refusal.error_description}` : 'refused');
  }
  if (row.outcome === 'collected') return gone('the session was already handed out');
  const collected = await collect(context, row);
  if (!collected) return gone('the session was already handed out');
  const { passportId: _passportId, ...body } = collected;
  return { status: 200, body: { success: true, ...body } };
}

/**
 * The same-device redirect: the wallet's browser lands here with the one-time response code; the
 * session's token goes into its cookie, unless the page that showed the QR code took it already.
 */
export async function collectSameDevice(context: ServiceContext, id: string, code: string) {
  const row = isUuid(id) ? await store.findTransaction(context.db, id.toLowerCase()) : null;
  if (!row || row.responseCodeHash === null || !sameHash(row.responseCodeHash, sha256(code)))
    throw notFound('No presentation with this response code');
  const target = row.passportId ? `${context.baseUrl}/passport/${row.passportId}` : `${context.baseUrl}/`;
  const collected = row.outcome === 'verified' ? await collect(context, row) : null;
  return { location: target, session: collected };
}

/** What a credential session reads as: a grant reaching every workspace of the node at its tier. */
export interface ActiveCredentialSession {
  id: string;
  tier: GrantTier;
  issuerName: string;
  credentialType: string;
  organisation: string | null;
  country: string | null;
}

/** The session a token names, when it may be used now; null for anything else. Cached (session-cache.ts). */
export async function credentialSessionFromToken(
  services: ServiceContext,
  token: string,
): Promise<ActiveCredentialSession | null> {
  const tier = grantTokenTier(token);
  if (tier === null) return null;
  const hash = hashToken(token);
  const row = await sessionCacheFor(services.db).lookup(hash, (h) =>
    store.findSessionByTokenHash(services.db, h),
  );
  if (!row || row.tokenHash === null || !sameHash(row.tokenHash, hash)) return null;
  if (row.endedAt !== null || row.tier !== tier || row.expiresAt <= services.clock()) return null;
  return {
    id: row.id,
    tier,
    issuerName: row.issuerName,
    credentialType: row.credentialType,
    organisation: row.organisation,
    country: row.country,
  };
}
