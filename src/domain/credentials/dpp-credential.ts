// The UNTP Digital Product Passport credential (VC Data Model 2.0) of a passport as a caller's tier
// sees it. The input document is already masked to that tier: what it lacks, the credential lacks.
import type { AccessTier } from '../categories/types.ts';
import { categoryContribution } from './category-mapping.ts';
import { type BitstringStatusListEntry, type StatusEntryInput, statusListEntry } from './status-list.ts';
import { DPP_CREDENTIAL_CONTEXT, DPP_CREDENTIAL_TYPE } from './untp.ts';
import type { UntpCircularity, UntpClaim, UntpLink, UntpMaterial, UntpParty } from './untp-types.ts';

/** The members of a (masked) passport document the credential reads; see passports/document.ts. */
export interface CredentialPassport {
  id: string;
  productId: string;
  productIdScheme: readonly string[];
  digitalProductPassportId: string;
  uniqueProductIdentifier: string;
  granularity: string;
  category: string;
  contentSpecificationIds?: readonly string[];
  originCountry?: string | null;
  economicOperator?: { name?: string; regId?: string; regIdScheme?: string } | null;
  manufacturingFacility?: { gln?: string; name?: string } | null;
  metadata?: unknown;
}

/** A serialised unit: the item is the subject, its model passport is linked. */
export interface CredentialUnit {
  id: string;
  serialNumber: string;
  digitalLinkUri: string;
  /** `{base_url}/unit/<id>`. */
  unitUrl: string;
  manufacturedAt?: string | null;
}

export interface DppCredentialInput {
  passport: CredentialPassport;
  tier: AccessTier;
  unit?: CredentialUnit;
  issuerDid: string;
  /** The issuer's display name (the workspace); by default the operator's name. */
  issuerName?: string;
  /**
   * Where the credential's status bits live: one entry, or several (`credentialStatus` is then an
   * array). The node gives two at the subject's index, one in its revocation list and one in its
   * suspension list.
   */
  statusEntry: StatusEntryInput | readonly StatusEntryInput[];
  /** ISO 8601 date-time with an offset (`Date#toISOString()` form), second precision or finer. */
  validFrom: string;
  /** The passport version the document is; part of the credential id. */
  version?: number;
  /**
   * `credentialContextUrl(baseUrl)`: the context that defines the category metadata's terms. Without
   * it the credential leaves the metadata out, since JSON-LD processors would drop its terms.
   */
  metadataContextUrl?: string;
}

export interface DppCredential {
  '@context': string[];
  type: string[];
  id: string;
  issuer: { type: ['CredentialIssuer']; id: string; name: string };
  validFrom: string;
  credentialSubject: ProductPassportSubject;
  credentialStatus: BitstringStatusListEntry | BitstringStatusListEntry[];
}

export interface ProductPassportSubject {
  type: ['ProductPassport'];
  id: string;
  product: Record<string, unknown> & { type: ['Product']; id: string; name: string };
  granularityLevel: 'model' | 'batch' | 'item';
  conformityClaim?: UntpClaim[];
  circularityScorecard?: UntpCircularity;
  dueDiligenceDeclaration?: UntpLink;
  materialsProvenance?: UntpMaterial[];
  /** The category metadata as the tier shows it (our extension; unknown to UNTP). */
  metadata?: unknown;
}

const SCHEMES: Record<string, { id: string; name: string }> = {
  GTIN: { id: 'https://id.gs1.org/01/', name: 'Global Trade Item Number (GTIN)' },
  GRAI: { id: 'https://id.gs1.org/8003/', name: 'Global Returnable Asset Identifier (GRAI)' },
};

/** A URI for an operator: its registry scheme and id under our `urn:opendpp:operator:` namespace. */
export const operatorUri = (scheme: string, regId: string) =>
  `urn:opendpp:operator:${encodeURIComponent(scheme)}:${encodeURIComponent(regId)}`;

function party(passport: CredentialPassport): UntpParty | undefined {
  const operator = passport.economicOperator;
  if (!operator?.name || !operator.regId || !operator.regIdScheme) return undefined;
  return {
    id: operatorUri(operator.regIdScheme, operator.regId),
    name: operator.name,
    registeredId: `${operator.regIdScheme}:${operator.regId}`,
  };
}

function facility(passport: CredentialPassport): UntpParty | undefined {
  const { gln, name } = passport.manufacturingFacility ?? {};
  if (!gln || !name || !/^\d{13}$/.test(gln)) return undefined;
  return { id: `https://id.gs1.org/414/${gln}`, name, registeredId: gln };
}

const GRANULARITIES = ['model', 'batch', 'item'] as const;
const granularityOf = (value: string) =>
  (GRANULARITIES as readonly string[]).includes(value)
    ? (value as ProductPassportSubject['granularityLevel'])
    : 'model';

const nonEmpty = <T>(items: T[]) => (items.length > 0 ? items : undefined);

function statusOf(entries: DppCredentialInput['statusEntry']): DppCredential['credentialStatus'] {
  const list: readonly StatusEntryInput[] = Array.isArray(entries) ? entries : [entries as StatusEntryInput];
  if (list.length === 0) throw new RangeError('a credential needs a status entry');
  return list.length === 1 ? statusListEntry(list[0] as StatusEntryInput) : list.map(statusListEntry);
}

// XML Schema dateTimeStamp, the form VC 2.0 and the UNTP schema require (an offset is mandatory).
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The unsigned credential. Throws only on a non-DID issuer, a `validFrom` that is not a date-time
 * with offset, or a missing or out-of-range status index.
 */
export function buildDppCredential(input: DppCredentialInput): DppCredential {
  const { passport, tier, unit, issuerDid, validFrom } = input;
  if (!issuerDid.startsWith('did:')) throw new TypeError('the issuer must be a DID');
  if (!DATE_TIME.test(validFrom))
    throw new TypeError('validFrom must be an ISO 8601 date-time with an offset');
  const subjectId = unit ? unit.unitUrl : passport.digitalProductPassportId;
  const contribution = categoryContribution(passport.category, passport.metadata, subjectId);
  const scheme = passport.productIdScheme.find((name) => name in SCHEMES);
  const maker = party(passport);
  const plant = facility(passport);
  const weight = contribution.weight;
  const productionDate = unit?.manufacturedAt?.slice(0, 10) ?? contribution.productionDate;
  const furtherInformation: UntpLink[] = [...contribution.furtherInformation];
  if (unit) {
    furtherInformation.unshift({
      linkURL: passport.digitalProductPassportId,
      linkName: 'Model passport',
    });
  }
  const product: ProductPassportSubject['product'] = {
    type: ['Product'],
    id: unit ? unit.digitalLinkUri : passport.uniqueProductIdentifier,
    name: contribution.name ?? passport.productId,
    registeredId: passport.productId,
    idScheme: scheme
      ? { type: ['IdentifierScheme'], ...SCHEMES[scheme] }
      : {
          type: ['IdentifierScheme'],
          id: maker?.id ?? issuerDid,
          name: 'Product code of the economic operator',
        },
    ...(contribution.description && { description: contribution.description }),
    ...(unit && { serialNumber: unit.serialNumber }),
    ...(passport.contentSpecificationIds?.[0] && {
      productCategory: [
        {
          type: ['Classification'],
          id: passport.contentSpecificationIds[0],
          code: passport.category,
          name: passport.category,
        },
      ],
    }),
    ...(nonEmpty(furtherInformation) && { furtherInformation }),
    ...(maker && { producedByParty: maker }),
    ...(plant && { producedAtFacility: plant }),
    ...(productionDate && /^\d{4}-\d{2}-\d{2}$/.test(productionDate) && { productionDate }),
    ...(passport.originCountry && { countryOfProduction: passport.originCountry }),
    ...(weight && { dimensions: { weight } }),
  };
  const circularity = contribution.circularity;
  const credentialSubject: ProductPassportSubject = {
    type: ['ProductPassport'],
    id: subjectId,
    product,
    granularityLevel: unit ? 'item' : granularityOf(passport.granularity),
    ...(nonEmpty(contribution.claims) && { conformityClaim: contribution.claims }),
    ...(circularity &&
      Object.keys(circularity).length > 0 && {
        circularityScorecard: circularity,
      }),
    ...(contribution.dueDiligenceDeclaration && {
      dueDiligenceDeclaration: contribution.dueDiligenceDeclaration,
    }),
    ...(nonEmpty(contribution.materials) && { materialsProvenance: contribution.materials }),
    ...(input.metadataContextUrl &&
      passport.metadata !== undefined &&
      passport.metadata !== null && { metadata: passport.metadata }),
  };
  const version = input.version === undefined ? '' : `-v${input.version}`;
  return {
    '@context': [...DPP_CREDENTIAL_CONTEXT, ...(input.metadataContextUrl ? [input.metadataContextUrl] : [])],
    type: [...DPP_CREDENTIAL_TYPE],
    id: `${subjectId}#vc${version}-${tier}`,
    issuer: {
      type: ['CredentialIssuer'],
      id: issuerDid,
      name: input.issuerName || maker?.name || passport.economicOperator?.name || issuerDid,
    },
    validFrom,
    credentialSubject,
    credentialStatus: statusOf(input.statusEntry),
  };
}
