// The representations a passport or unit is offered in: each is a media type and a renderer of the
// tier view. JSON-LD is the default; each other representation is one module, registered in app.ts.
import type { TSchema } from 'typebox';
import type { AccessTier } from '../domain/categories/types.ts';
import { AppError } from './errors.ts';
import type { Lang } from './i18n.ts';

export interface PassportSubject {
  kind: 'passport';
  /** The document as the tier sees it. */
  view: Record<string, unknown>;
  /** The owner document, for representations that sign or seal what they show. */
  full: Record<string, unknown>;
  tier: AccessTier;
  tenantId: string;
  /** The live version number; public resolution gives it (credentials are issued per version). */
  version?: number;
}

/** What identifies a unit, for representations that name the item (credentials). */
export interface UnitFacts {
  id: string;
  passportId: string;
  serialNumber: string;
  digitalLinkUri: string | null;
  status: string;
  manufacturedAt: string | null;
  createdAt: string;
}

export interface UnitSubject {
  kind: 'unit';
  view: Record<string, unknown>;
  tier: AccessTier;
  tenantId: string;
  /** Public resolution gives the unit's facts and its model passport in the same tier. */
  unit?: UnitFacts;
  model?: PassportSubject;
}

export type Subject = PassportSubject | UnitSubject;

export interface RenderContext {
  lang: Lang;
  baseUrl: string;
}

export interface Representation {
  /** The media type offered in negotiation. */
  type: string;
  /** The Content-Type sent. */
  contentType: string;
  /** Whether the rendered bytes differ by language (pages). */
  localised?: boolean;
  /** Headers every answer in this representation carries (a page's Content-Security-Policy). */
  headers?: Record<string, string>;
  /**
   * Whether a passport's answer may be kept in the store beside it: the bytes depend only on the
   * subject, the language and the base URL, and render synchronously (src/modules/passports/renditions.ts).
   */
  kept?: boolean;
  /** Which subjects it can render; absent, all. */
  serves?: Subject['kind'][];
  render(subject: Subject, context: RenderContext): Promise<string> | string;
  /** What the body is, for the declared answers (OpenAPI and the response checks); absent, a JSON-LD document. */
  schema?: TSchema;
}

export const LD_JSON_TYPE = 'application/ld+json; charset=utf-8';

export const jsonLd: Representation[] = [
  {
    type: 'application/ld+json',
    contentType: LD_JSON_TYPE,
    kept: true,
    render: (subject) => JSON.stringify(subject.view),
  },
  {
    type: 'application/json',
    contentType: 'application/json; charset=utf-8',
    kept: true,
    render: (subject) => JSON.stringify(subject.view),
  },
];

/** The types offered for a kind of subject, in the order they are offered. */
export function offeredTypes(representations: readonly Representation[], kind: Subject['kind']): string[] {
  return representations.filter((r) => !r.serves || r.serves.includes(kind)).map((r) => r.type);
}

/** 406 listing what is offered for the kind, when none of the requested types is. */
export function notAcceptable(representations: readonly Representation[], kind: Subject['kind']): AppError {
  const types = offeredTypes(representations, kind);
  return new AppError('NOT_ACCEPTABLE', `None of the requested types is offered: ${types.join(', ')}`, {
    extra: { offered: types },
  });
}
