// Where the vocabulary lives. Every IRI is built from the configured base URL, so one function per
// address keeps the paths of the context, the secondary context and the namespace in one place.

/** XML Schema datatypes, written out in full: a prefix term would itself be a term of our contexts. */
export const XSD = 'http://www.w3.org/2001/XMLSchema#';
export const RDF = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#';
export const RDFS = 'http://www.w3.org/2000/01/rdf-schema#';
export const OWL = 'http://www.w3.org/2002/07/owl#';
export const SCHEMA_ORG = 'https://schema.org/';

/** The base URL without trailing slashes, so `https://x/` and `https://x` give the same IRIs. */
export function normaliseBaseUrl(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}

/** `{base_url}/ns/dpp`: the vocabulary document, and the namespace of every term (with `#`). */
export function vocabularyUrl(baseUrl: string): string {
  return `${normaliseBaseUrl(baseUrl)}/ns/dpp`;
}

export function termIri(baseUrl: string, term: string): string {
  return `${vocabularyUrl(baseUrl)}#${term}`;
}

/** `{base_url}/contexts/dpp/v1`: the canonical context. */
export function dppContextUrl(baseUrl: string): string {
  return `${normaliseBaseUrl(baseUrl)}/contexts/dpp/v1`;
}

/** `{base_url}/context/v1`: the secondary context with the frozen core term list. */
export function secondaryContextUrl(baseUrl: string): string {
  return `${normaliseBaseUrl(baseUrl)}/context/v1`;
}
