// An AAS environment back to the passport document it carries, and from that the create/update body.
// The passport submodel (found by its semantic id) holds the document; its ReferenceElements point at
// the template elements that hold those values. Every problem is reported with its JSON pointer
// into the submitted environment.
import { types } from '@aas-core-works/aas-core3.0-typescript';
import { hasSeal } from '../seal/index.ts';
import {
  ElementError,
  elementsToMembers,
  type Json,
  languageText,
  propertyValue,
  type Resolve,
} from './json-elements.ts';
import { PASSPORT_SUBMODEL_SEMANTIC_ID } from './to-environment.ts';
import { type EnvironmentProblem, validateEnvironment } from './validate.ts';

export type PassportDocumentJson = Record<string, Json>;

/** The fields of `POST /api/v1/passports` (and of `PUT`) that an environment carries. */
export interface PassportWriteBody {
  productId: string;
  category: string;
  originCountry?: string | null;
  granularity?: string;
  commodityCode?: string;
  metadata: Json;
}

export type DocumentFromEnvironment =
  | {
      ok: true;
      document: PassportDocumentJson;
      /** JSON pointer of the passport submodel's elements in the environment. */
      path: string;
    }
  | { ok: false; errors: EnvironmentProblem[] };

export type PassportFromEnvironment =
  | {
      ok: true;
      /** The passport document exactly as the environment carries it (seal fields included). */
      document: PassportDocumentJson;
      body: PassportWriteBody;
      /** Whether the document carries a seal, which the caller must verify before storing anything. */
      sealed: boolean;
    }
  | { ok: false; errors: EnvironmentProblem[] };

const semanticIdOf = (element: types.IHasSemantics) => element.semanticId?.keys[0]?.value;

function templateElementAt(
  environment: types.Environment,
  keys: readonly types.Key[],
  path: string,
): types.ISubmodelElement {
  const [first, ...rest] = keys;
  const submodel = environment.submodels?.find((candidate) => candidate.id === first?.value);
  if (first?.type !== types.KeyTypes.Submodel || submodel === undefined) {
    throw new ElementError(`${path}/value/keys/0`, 'The reference names no submodel of the environment');
  }
  let elements: readonly types.ISubmodelElement[] | null = submodel.submodelElements;
  let found: types.ISubmodelElement | undefined;
  for (const [index, key] of rest.entries()) {
    found = elements?.find((element) => element.idShort === key.value);
    if (found === undefined) {
      throw new ElementError(
        `${path}/value/keys/${index + 1}`,
        `No element '${key.value}' where the reference points`,
      );
    }
    elements = found instanceof types.SubmodelElementCollection ? found.value : null;
  }
  if (found === undefined) throw new ElementError(`${path}/value/keys`, 'The reference names no element');
  return found;
}

function templateValue(element: types.ISubmodelElement, path: string): Json {
  if (element instanceof types.Property) return propertyValue(element);
  if (element instanceof types.MultiLanguageProperty) return languageText(element);
  throw new ElementError(path, 'A reference must point at a Property or a MultiLanguageProperty');
}

/** The passport document an environment carries, exactly as it was mapped. */
export function environmentToDocument(json: unknown): DocumentFromEnvironment {
  const validation = validateEnvironment(json);
  if (!validation.ok) return validation;
  const environment = validation.environment;
  const indices = (environment.submodels ?? [])
    .map((submodel, index) => (semanticIdOf(submodel) === PASSPORT_SUBMODEL_SEMANTIC_ID ? index : -1))
    .filter((index) => index >= 0);
  if (indices.length !== 1) {
    const message =
      indices.length === 0
        ? `No submodel with semanticId ${PASSPORT_SUBMODEL_SEMANTIC_ID} carries a passport`
        : `Only one submodel with semanticId ${PASSPORT_SUBMODEL_SEMANTIC_ID} may carry the passport`;
    return {
      ok: false,
      errors: [{ path: indices.length === 0 ? '/submodels' : `/submodels/${indices[1]}`, message }],
    };
  }
  const index = indices[0] as number;
  const submodel = (environment.submodels ?? [])[index] as types.Submodel;
  const resolve: Resolve = (element, path) => {
    if (!(element instanceof types.ReferenceElement)) return undefined;
    const keys = element.value?.keys;
    if (element.value?.type !== types.ReferenceTypes.ModelReference || !keys) {
      throw new ElementError(`${path}/value`, 'A reference in the passport submodel is a ModelReference');
    }
    const target = templateElementAt(environment, keys, path);
    return templateValue(target, path);
  };
  const path = `/submodels/${index}/submodelElements`;
  try {
    return { ok: true, document: elementsToMembers(submodel.submodelElements, path, resolve), path };
  } catch (error) {
    if (error instanceof ElementError)
      return { ok: false, errors: [{ path: error.path, message: error.message }] };
    throw error;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether the document is a view masked for a lower tier, which must not overwrite the full data. */
function isMaskedView(document: PassportDocumentJson): boolean {
  const proof = document.proof;
  return (
    document.restrictedData !== undefined ||
    (isObject(proof) && isObject(proof.redactedLeaves) && Object.keys(proof.redactedLeaves).length > 0)
  );
}

/**
 * The passport an environment carries: its document and the create/update body taken from it.
 * A masked view is refused: its hidden fields are missing, and writing it would erase them.
 */
export function environmentToPassport(json: unknown): PassportFromEnvironment {
  const read = environmentToDocument(json);
  if (!read.ok) return read;
  const { document } = read;
  const errors: EnvironmentProblem[] = [];
  const where = read.path;
  const { productId, category, originCountry, granularity, commodityCode, metadata } = document;
  if (typeof productId !== 'string' || productId === '') {
    errors.push({ path: where, message: 'The passport has no productId' });
  }
  if (typeof category !== 'string' || category === '') {
    errors.push({ path: where, message: 'The passport has no category' });
  }
  if (metadata === undefined) errors.push({ path: where, message: 'The passport has no metadata' });
  if (isMaskedView(document)) {
    errors.push({
      path: where,
      message: 'The passport is a masked view (fields withheld); send the full document',
    });
  }
  if (errors.length > 0) return { ok: false, errors };
  const body: PassportWriteBody = {
    productId: productId as string,
    category: category as string,
    ...(originCountry === undefined ? {} : { originCountry: originCountry as string | null }),
    ...(typeof granularity === 'string' ? { granularity } : {}),
    ...(typeof commodityCode === 'string' ? { commodityCode } : {}),
    metadata: metadata as Json,
  };
  return { ok: true, document, body, sealed: hasSeal(document) };
}
