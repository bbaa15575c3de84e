// The passport document (owner variant, JSON-LD): the EN 18223 header fields and the category
// metadata at the root. Field order is fixed, so a state always renders to the same text and an
// archived version is byte-for-byte what was served before the change that archived it.

import { SCHEMA_CATEGORIES } from '../categories/types.ts';
import { passportDigitalLink } from '../gs1/digital-link.ts';
import { digitalSealAsServed, proofAsServed, signingPublicKeyAsServed } from '../seal/index.ts';
import { dppStatus, type PassportStatus } from './lifecycle.ts';

export interface PassportState {
  id: string;
  productId: string;
  productIdScheme: 'GTIN' | 'GRAI' | 'SKU';
  category: string;
  originCountry: string | null;
  /** Absent from documents made before passports had one, so their text (and seal) stays as it was. */
  commodityCode?: string | null;
  granularity: string;
  status: PassportStatus;
  metadata: unknown;
  archivedAt: Date | null;
  retentionUntil: Date | null;
  digitalSeal: unknown;
  signingPublicKey: unknown;
  proof: unknown;
  createdAt: Date;
  updatedAt: Date;
}

export interface EconomicOperatorObject {
  '@type': 'EconomicOperator';
  id: string;
  name: string;
  regId: string;
  regIdScheme: string;
  role: string;
  [field: string]: unknown;
}

export interface RenderInput {
  passport: PassportState;
  economicOperator: EconomicOperatorObject;
  manufacturingFacility: Record<string, unknown> | null;
  baseUrl: string;
}

export const contextUrl = (baseUrl: string) => `${baseUrl}/contexts/dpp/v1`;

/** The passport's GS1 Digital Link; built where every other link of the node is. */
export const digitalLinkUri = passportDigitalLink;

/** The data requirements a passport follows: the served schema, or the named built-in rule set. */
export function contentSpecificationIds(baseUrl: string, category: string): string[] {
  return (SCHEMA_CATEGORIES as readonly string[]).includes(category)
    ? [`${baseUrl}/api/v1/schemas/${category}`]
    : [`${baseUrl}/ns/dpp#rules-${category}`];
}

export const dppSchemaVersion = (category: string) => `${category}/v1`;

export function renderPassportDocument({
  passport,
  economicOperator,
  manufacturingFacility,
  baseUrl,
}: RenderInput) {
  const dppId = `${baseUrl}/passport/${passport.id}`;
  const link = digitalLinkUri(baseUrl, passport.productIdScheme, passport.productId);
  return {
    '@context': [contextUrl(baseUrl)],
    '@type': 'DigitalProductPassport',
    '@id': link ?? dppId,
    id: passport.id,
    productId: passport.productId,
    digitalLinkUri: link,
    productIdScheme: link ? ['GS1_DIGITAL_LINK', passport.productIdScheme] : [passport.productIdScheme],
    digitalProductPassportId: dppId,
    uniqueProductIdentifier: link ?? dppId,
    granularity: passport.granularity,
    dppSchemaVersion: dppSchemaVersion(passport.category),
    dppStatus: dppStatus(passport.status),
    lastUpdated: passport.updatedAt.toISOString(),
    economicOperatorId: `${economicOperator.regIdScheme}:${economicOperator.regId}`,
    contentSpecificationIds: contentSpecificationIds(baseUrl, passport.category),
    // Stored as jsonb, which reorders members: served in the order docs/sealing.md §6 gives.
    digitalSeal: digitalSealAsServed(passport.digitalSeal ?? null),
    signingPublicKey: signingPublicKeyAsServed(passport.signingPublicKey ?? null),
    proof: proofAsServed(passport.proof ?? null),
    status: passport.status,
    archivedAt: passport.archivedAt?.toISOString() ?? null,
    retentionUntil: passport.retentionUntil?.toISOString() ?? null,
    economicOperator,
    manufacturingFacility,
    category: passport.category,
    originCountry: passport.originCountry,
    ...(passport.commodityCode ? { commodityCode: passport.commodityCode } : {}),
    metadata: passport.metadata,
    createdAt: passport.createdAt.toISOString(),
    updatedAt: passport.updatedAt.toISOString(),
  };
}

export type PassportDocument = ReturnType<typeof renderPassportDocument>;
