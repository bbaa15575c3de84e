// The JSON-LD vocabulary of our documents: contexts, vocabulary graph and page, offline loader.
export { dppContext, termDefinition } from './context.ts';
export { type DocumentLoader, type LoadedDocument, offlineDocumentLoader } from './document-loader.ts';
export { dppContextUrl, secondaryContextUrl, termIri, vocabularyUrl } from './namespace.ts';
export { SECONDARY_TERMS, secondaryContext } from './secondary-context.ts';
export type { JsonLdContextDocument, TermDefinition } from './types.ts';
export { batteryUnitViewContext } from './unit-view-context.ts';
export { type VocabularyDocument, vocabulary } from './vocabulary.ts';
export { vocabularyPageModel } from './vocabulary-page.ts';
