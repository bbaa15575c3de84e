// The representations public resolution negotiates between, in one place: each is a media type
// and a renderer of the tier view. JSON-LD is the default; later areas add theirs here.
import type { TSchema } from 'typebox';
import type { AccessTier } from '../../domain/categories/types.ts';
import type { Lang } from '../../http/i18n.ts';

export interface PassportSubject {
  kind: 'passport';
  /** The document as the tier sees it. */
  view: Record<string, unknown>;
  /** The owner document, for representations that sign or seal what they show. */
  full: Record<string, unknown>;
  tier: AccessTier;
  tenantId: string;
  /** The live version number of the passport. */
  version: number;
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
  unit: UnitFacts;
  /** The model passport in the same tier. */
  model: PassportSubject;
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
  /** Which subjects it can render; absent, all. */
  serves?: Subject['kind'][];
  /** The body's schema in the OpenAPI document; absent, a JSON-LD document (a page for text/html). */
  schema?: TSchema;
  render(subject: Subject, context: RenderContext): Promise<string> | string;
}

export const LD_JSON_TYPE = 'application/ld+json; charset=utf-8';

export const jsonLd: Representation[] = [
  {
    type: 'application/ld+json',
    contentType: LD_JSON_TYPE,
    render: (subject) => JSON.stringify(subject.view),
  },
  {
    type: 'application/json',
    contentType: 'application/json; charset=utf-8',
    render: (subject) => JSON.stringify(subject.view),
  },
];
