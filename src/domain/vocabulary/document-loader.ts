// A JSON-LD document loader that serves our own contexts from code and refuses everything else:
// expanding, compacting or signing our documents must never reach the network.
import { dppContext } from './context.ts';
import { dppContextUrl, secondaryContextUrl } from './namespace.ts';
import { secondaryContext } from './secondary-context.ts';
import type { JsonLdContextDocument } from './types.ts';

export interface LoadedDocument {
  contextUrl: null;
  documentUrl: string;
  document: JsonLdContextDocument;
}

export type DocumentLoader = (url: string) => Promise<LoadedDocument>;

/** Serves `{base_url}/contexts/dpp/v1` and `{base_url}/context/v1`; any other URL is an error. */
export function offlineDocumentLoader(baseUrl: string): DocumentLoader {
  const documents = new Map<string, () => JsonLdContextDocument>([
    [dppContextUrl(baseUrl), () => dppContext(baseUrl)],
    [secondaryContextUrl(baseUrl), () => secondaryContext(baseUrl)],
  ]);
  return async (url) => {
    const load = documents.get(url);
    if (load === undefined) throw new Error(`offline document loader: refusing to load ${url}`);
    return { contextUrl: null, documentUrl: url, document: load() };
  };
}
