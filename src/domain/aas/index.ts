// Asset Administration Shell (AAS V3.0) environments for passports: out (a document as an
// environment), in (an environment back to the document and the write body) and validation. The
// mapping is described in docs/aas.md.
export {
  type DocumentFromEnvironment,
  environmentToDocument,
  environmentToPassport,
  type PassportDocumentJson,
  type PassportFromEnvironment,
  type PassportWriteBody,
} from './from-environment.ts';
export { JSON_ITEMS_QUALIFIER, JSON_KEY_QUALIFIER, type Json, type Jsonable } from './json-elements.ts';
export { CARBON_FOOTPRINT, NAMEPLATE, type TemplateSubmodel, templatesFor } from './templates.ts';
export {
  type EnvironmentOptions,
  PASSPORT_SUBMODEL_ID_SHORT,
  PASSPORT_SUBMODEL_SEMANTIC_ID,
  passportToEnvironment,
} from './to-environment.ts';
export {
  type EnvironmentProblem,
  type EnvironmentValidation,
  MAX_ENVIRONMENT_DEPTH,
  MAX_ENVIRONMENT_ERRORS,
  validateEnvironment,
} from './validate.ts';
