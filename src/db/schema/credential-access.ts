// Access by credential (docs/credential-access.md): the issuers the platform admin trusts, the
// OpenID4VP transactions a page or a wallet starts, and the credential sessions a verified
// presentation opens. Node-wide tables: a trusted issuer and a session reach every workspace of the
// node, so none of them belongs to one. The presentation itself is never stored: a transaction keeps
// its outcome, a session the disclosed fields the access log names.
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

export const trustedIssuers = pgTable(
  'trusted_issuers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The credential's `iss`: an https URL or a DID. */
    issuer: text('issuer').notNull(),
    /** The issuer's public keys as a JWKS (`{ keys: [...] }`), or null when a pinned chain is given. */
    keys: jsonb('keys'),
    /** The pinned PEM chain (leaf first, root last) whose root an `x5c` header must end in, or null. */
    x5c: text('x5c'),
    /** The SD-JWT VC `vct` values accepted from this issuer. */
    credentialTypes: jsonb('credential_types').$type<string[]>().notNull(),
    /** legitimate-interest or authority. */
    accessTier: text('access_tier').notNull(),
    /** ISO 3166-1 alpha-2 countries a credential must disclose one of; null: any. */
    countries: jsonb('countries').$type<string[] | null>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('trusted_issuers_issuer_idx').on(table.issuer)],
);

/** pending → verified → collected, or pending → refused; an expired pending one is refused when read. */
export type PresentationOutcome = 'pending' | 'verified' | 'collected' | 'refused';

export const presentationTransactions = pgTable(
  'presentation_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nonce: text('nonce').notNull(),
    state: text('state').notNull(),
    passportId: uuid('passport_id'),
    purpose: text('purpose'),
    /** The Authorization Request as sent (no secret of the node's in it). */
    request: jsonb('request').notNull(),
    outcome: text('outcome').$type<PresentationOutcome>().notNull(),
    /** `{ error, error_description }` of a refused presentation. */
    refusal: jsonb('refusal'),
    /** The session a verified presentation opened. */
    sessionId: uuid('session_id'),
    /** SHA-256 of the Key Binding JWT of the answered presentation: the same one is never taken twice. */
    kbJwtHash: text('kb_jwt_hash'),
    /** SHA-256 of the one-time code of a same-device redirect. */
    responseCodeHash: text('response_code_hash'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('presentation_transactions_kb_idx').on(table.kbJwtHash),
    index('presentation_transactions_expiry_idx').on(table.expiresAt),
  ],
);

export const credentialSessions = pgTable(
  'credential_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the `dpp_auth_`/`dpp_li_` token; null until the token is handed out (once). */
    tokenHash: text('token_hash'),
    /** The trusted issuer; no reference, as the session's record outlives the entry. */
    issuerId: uuid('issuer_id').notNull(),
    /** The JWK thumbprint (or pinned root's fingerprint) the credential verified with. */
    keyId: text('key_id').notNull(),
    tier: text('tier').notNull(),
    /** What the access log names: issuer name, credential type, disclosed organisation and country. */
    issuerName: text('issuer_name').notNull(),
    credentialType: text('credential_type').notNull(),
    organisation: text('organisation'),
    country: text('country'),
    role: text('role'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('credential_sessions_token_idx').on(table.tokenHash),
    index('credential_sessions_issuer_idx').on(table.issuerId),
  ],
);

/** What the platform admin did to the trust list. */
export const trustedIssuerAudit = pgTable(
  'trusted_issuer_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `trusted_issuer.added`, `.changed`, `.removed`. */
    action: text('action').notNull(),
    issuerId: uuid('issuer_id').notNull(),
    actor: text('actor').notNull(),
    details: jsonb('details').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('trusted_issuer_audit_issuer_idx').on(table.issuerId, table.at)],
);
