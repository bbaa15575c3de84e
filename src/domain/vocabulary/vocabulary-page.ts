// The vocabulary page for people, as plain data for the `vocabulary` template: self-contained
// (inline style, no scripts, no external assets), one section per term whose id is the term, so
// {base_url}/ns/dpp#<term> lands on it.
import { dppContextUrl, secondaryContextUrl, termIri, vocabularyUrl, XSD } from './namespace.ts';
import { allTerms } from './terms.ts';
import type { Coercion, TermSpec } from './types.ts';

const VALUES: Readonly<Record<Coercion, string>> = {
  id: 'IRI (the string is read as a link)',
  dateTime: 'date and time (xsd:dateTime)',
  date: 'date (xsd:date)',
  json: 'JSON, kept as given (@json)',
};

export const VOCABULARY_PAGE_STYLE = [
  'body{font-family:system-ui,sans-serif;line-height:1.5;margin:0 auto;max-width:60rem;padding:1rem;color:#111;background:#fff}',
  'code{font-family:ui-monospace,monospace;overflow-wrap:anywhere}',
  'section{border-top:1px solid #ccc;padding:.5rem 0}',
  'dt{font-weight:600}dd{margin:0 0 .5rem 1.5rem}',
  'nav ul{columns:14rem;padding-left:1rem}',
  'a{color:#0645ad}a:focus,section:target{outline:3px solid #f90}',
].join('');

/** A name a term refers to: one of ours (a link to its section) or an outside IRI (shown as code). */
export interface TermRef {
  name: string;
  local: boolean;
}

const ref = (name: string): TermRef =>
  name.includes(':') ? { name: name.replace(XSD, 'xsd:'), local: false } : { name, local: true };

function termModel(baseUrl: string, spec: TermSpec) {
  const arrays =
    spec.container === undefined
      ? null
      : spec.container === '@list'
        ? 'ordered list (@list)'
        : 'unordered set (@set)';
  return {
    term: spec.term,
    label: spec.label,
    iri: termIri(baseUrl, spec.term),
    comment: spec.comment,
    usedOn: (spec.domain ?? []).map(ref),
    range: spec.range === undefined ? null : ref(spec.range),
    values: spec.coercion === undefined ? null : VALUES[spec.coercion],
    arrays,
    unit: spec.unit ?? null,
    usages: spec.usages.map((usage) => ({ category: usage.category, pointer: usage.pointer })),
  };
}

export function vocabularyPageModel(baseUrl: string) {
  const specs = allTerms();
  const classes = specs.filter((s) => s.kind === 'class').map((s) => termModel(baseUrl, s));
  const properties = specs.filter((s) => s.kind === 'property').map((s) => termModel(baseUrl, s));
  return {
    lang: 'en',
    title: 'OpenDPP vocabulary',
    style: VOCABULARY_PAGE_STYLE,
    namespace: vocabularyUrl(baseUrl),
    contextUrl: dppContextUrl(baseUrl),
    secondaryContextUrl: secondaryContextUrl(baseUrl),
    classes,
    properties,
  };
}
