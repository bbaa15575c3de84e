// The shapes shared by the context, the vocabulary graph and the HTML page. Our own narrow types:
// the JSON-LD library's typings are for tests only and do not model everything we emit.

/** How a term's string values are read: as IRIs, typed dates, opaque JSON, or as they are. */
export type Coercion = 'id' | 'dateTime' | 'date' | 'json';

export type Container = '@set' | '@list';

/** An expanded term definition as it appears in a served context. */
export interface TermDefinition {
  '@id': string;
  '@type'?: string;
  '@container'?: Container;
}

export interface JsonLdContextBody {
  '@version': 1.1;
  [term: string]: TermDefinition | number | boolean;
}

export interface JsonLdContextDocument {
  '@context': JsonLdContextBody;
}

/** Where a category metadata term is used: one property of one schema or rule set. */
export interface TermUsage {
  category: string;
  /** JSON pointer inside the metadata object; array items are `*`. */
  pointer: string;
  title?: string;
  description?: string;
  /** The `x-unit` of the schema (or the rule set's unit), e.g. `kg` or `%`. */
  unit?: string;
  /** JSON type of the value: `string`, `number`, `integer`, `boolean`, `object`, `array`. */
  valueType?: string;
  /** For arrays: JSON type of the items. */
  itemType?: string;
  /** `format` of the value, or of the items for arrays (`uri`, `date`, `date-time`, …). */
  format?: string;
}

/** Everything we know about one term, before a base URL turns it into IRIs. */
export interface TermSpec {
  term: string;
  kind: 'class' | 'property';
  label: string;
  /** English explanation; for category terms the schema `description`. */
  comment: string;
  coercion?: Coercion;
  container?: Container;
  /** Classes whose instances carry this property (names of our classes). */
  domain?: readonly string[];
  /** A class name of ours, or an XSD/RDF datatype IRI. */
  range?: string;
  /** The one unit all uses agree on. */
  unit?: string;
  /** Category uses, for the vocabulary page. Empty for terms only our own documents use. */
  usages: readonly TermUsage[];
}
