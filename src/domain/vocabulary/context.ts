// The canonical JSON-LD context served at {base_url}/contexts/dpp/v1: one explicit definition per
// term, no @vocab, so a key we do not know is dropped visibly (and safe mode rejects it) instead of
// silently minting an IRI.
import { termIri, XSD } from './namespace.ts';
import { allTerms } from './terms.ts';
import type {
  Coercion,
  JsonLdContextBody,
  JsonLdContextDocument,
  TermDefinition,
  TermSpec,
} from './types.ts';

const TYPE_OF: Readonly<Record<Coercion, string>> = {
  id: '@id',
  dateTime: `${XSD}dateTime`,
  date: `${XSD}date`,
  json: '@json',
};

/** The definition of one term under a base URL. */
export function termDefinition(baseUrl: string, spec: TermSpec): TermDefinition {
  const definition: TermDefinition = { '@id': termIri(baseUrl, spec.term) };
  if (spec.coercion !== undefined) definition['@type'] = TYPE_OF[spec.coercion];
  if (spec.container !== undefined) definition['@container'] = spec.container;
  return definition;
}

/**
 * The canonical context. Not `@protected`: credential representations put contexts after it (W3C
 * VC 2.0, UNTP) that define names such as `id` and `type` their own way, and must be able to.
 */
export function dppContext(baseUrl: string): JsonLdContextDocument {
  const body: JsonLdContextBody = { '@version': 1.1 };
  for (const spec of allTerms()) body[spec.term] = termDefinition(baseUrl, spec);
  return { '@context': body };
}
