// The vocabulary served at {base_url}/ns/dpp: an RDFS graph, as JSON-LD, that the term IRIs of our
// contexts resolve to. Classes are rdfs:Class, terms rdf:Property, with English labels and comments.
import { OWL, RDF, RDFS, SCHEMA_ORG, vocabularyUrl, XSD } from './namespace.ts';
import { allTerms } from './terms.ts';
import type { TermSpec } from './types.ts';

interface LangString {
  '@value': string;
  '@language': 'en';
}

interface Ref {
  '@id': string;
}

export interface VocabularyNode {
  '@id': string;
  '@type': string;
  'rdfs:label': LangString;
  'rdfs:comment': LangString;
  'rdfs:isDefinedBy'?: Ref;
  'rdfs:domain'?: Ref;
  'schema:domainIncludes'?: Ref[];
  'rdfs:range'?: Ref;
  /** The unit of the values (the schema's `x-unit`, mostly UCUM), when every use agrees on one. */
  'schema:unitCode'?: string;
  'owl:versionInfo'?: string;
}

export interface VocabularyDocument {
  '@context': Readonly<Record<string, string>>;
  '@graph': VocabularyNode[];
}

const en = (value: string): LangString => ({ '@value': value, '@language': 'en' });

/** Our class names become `dpp:` IRIs; datatype IRIs stay as they are. */
export function rangeIri(range: string): string {
  return range.includes(':') ? range : `dpp:${range}`;
}

function termNode(spec: TermSpec, isDefinedBy: Ref): VocabularyNode {
  const node: VocabularyNode = {
    '@id': `dpp:${spec.term}`,
    '@type': spec.kind === 'class' ? 'rdfs:Class' : 'rdf:Property',
    'rdfs:label': en(spec.label),
    'rdfs:comment': en(spec.comment),
    'rdfs:isDefinedBy': isDefinedBy,
  };
  const domain = spec.domain ?? [];
  // Several rdfs:domain values would mean "an instance of all of them"; schema.org's
  // domainIncludes says "any of them", which is what we mean.
  if (domain.length === 1 && spec.usages.length === 0)
    node['rdfs:domain'] = { '@id': rangeIri(domain[0] ?? '') };
  else if (domain.length > 0) node['schema:domainIncludes'] = domain.map((d) => ({ '@id': rangeIri(d) }));
  if (spec.range !== undefined) node['rdfs:range'] = { '@id': rangeIri(spec.range) };
  if (spec.unit !== undefined) node['schema:unitCode'] = spec.unit;
  return node;
}

export function vocabulary(baseUrl: string): VocabularyDocument {
  const ns = vocabularyUrl(baseUrl);
  const ontology: VocabularyNode = {
    '@id': ns,
    '@type': 'owl:Ontology',
    'rdfs:label': en('OpenDPP digital product passport vocabulary'),
    'rdfs:comment': en(
      'Terms of the passport, battery unit and category metadata documents of this node. ' +
        `The canonical JSON-LD context maps every term to ${ns}#<term>.`,
    ),
    'owl:versionInfo': '1',
  };
  const isDefinedBy = { '@id': ns };
  return {
    '@context': {
      rdf: RDF,
      rdfs: RDFS,
      owl: OWL,
      xsd: XSD,
      schema: SCHEMA_ORG,
      dpp: `${ns}#`,
    },
    '@graph': [ontology, ...allTerms().map((spec) => termNode(spec, isDefinedBy))],
  };
}
