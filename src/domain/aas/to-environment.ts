// A passport document as an AAS V3.0 Environment: one shell for the product, the IDTA template
// submodels the category fills, and the passport submodel that carries the whole document (every
// member, in order, with its JSON type). A value that a template element holds is written once, in
// the template, and the passport submodel points at it with a ReferenceElement, so an environment
// never carries two copies of a value that could disagree.
import {
  isAasText,
  type Json,
  type Jsonable,
  membersToElements,
  type Substitute,
  scalarText,
} from './json-elements.ts';
import { type FieldKind, type TemplateField, type TemplateSubmodel, templatesFor } from './templates.ts';

/** Semantic id of the submodel that carries the passport document. */
export const PASSPORT_SUBMODEL_SEMANTIC_ID = 'urn:opendpp:aas:passport-document:1';
export const PASSPORT_SUBMODEL_ID_SHORT = 'DigitalProductPassport';

export interface EnvironmentOptions {
  /** The node's public base URL: the shell and submodel identifiers are built under it. */
  baseUrl: string;
}

const externalReference = (value: string) => ({
  type: 'ExternalReference',
  keys: [{ type: 'GlobalReference', value }],
});

// LangStringTextType allows 1 to 1023 characters.
const LANG_TEXT_MAX = 1023;

function fits(kind: FieldKind, value: unknown): boolean {
  if (kind === 'double') return typeof value === 'number';
  if (typeof value === 'string') {
    if (!isAasText(value)) return false;
    return kind === 'langText' ? value.length > 0 && value.length <= LANG_TEXT_MAX : true;
  }
  return kind === 'scalar' && (typeof value === 'number' || typeof value === 'boolean');
}

function templateElement(field: TemplateField, value: string | number | boolean): Jsonable {
  const common = { idShort: field.idShort, semanticId: externalReference(field.semanticId) };
  if (field.kind === 'langText') {
    return { modelType: 'MultiLanguageProperty', ...common, value: [{ language: 'en', text: value }] };
  }
  const valueType =
    typeof value === 'number' ? 'xs:double' : typeof value === 'boolean' ? 'xs:boolean' : 'xs:string';
  return { modelType: 'Property', ...common, valueType, value: scalarText(value) };
}

/** The value at a pointer, stepping through object members only (never array items). */
function valueAt(document: Record<string, unknown>, pointer: string): unknown {
  let node: unknown = document;
  for (const token of pointer.slice(1).split('/')) {
    const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof node !== 'object' || node === null || Array.isArray(node) || !Object.hasOwn(node, key)) {
      return undefined;
    }
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

interface Claim {
  /** ModelReference keys from the submodel to the element. */
  keys: Jsonable[];
}

interface FilledTemplate {
  template: TemplateSubmodel;
  id: string;
  elements: Jsonable[];
}

/** Fill each template from the document; a pointer is claimed by the first field that takes it. */
function fillTemplates(
  document: Record<string, unknown>,
  templates: readonly TemplateSubmodel[],
  submodelId: (idShort: string) => string,
  claims: Map<string, Claim>,
): FilledTemplate[] {
  const filled: FilledTemplate[] = [];
  for (const template of templates) {
    const id = submodelId(template.idShort);
    const direct: Jsonable[] = [];
    const collections = new Map<string, Jsonable[]>();
    for (const field of template.fields) {
      const pointer = field.candidates.find(
        (candidate) => !claims.has(candidate) && fits(field.kind, valueAt(document, candidate)),
      );
      if (pointer === undefined) continue;
      const element = templateElement(field, valueAt(document, pointer) as string | number | boolean);
      const keys: Jsonable[] = [{ type: 'Submodel', value: id }];
      if (field.collection) {
        keys.push({ type: 'SubmodelElementCollection', value: field.collection });
        collections.set(field.collection, [...(collections.get(field.collection) ?? []), element]);
      } else {
        direct.push(element);
      }
      keys.push({ type: element.modelType, value: field.idShort });
      claims.set(pointer, { keys });
    }
    const elements = [
      ...direct,
      ...[...collections].map(([idShort, value]) => ({
        modelType: 'SubmodelElementCollection',
        idShort,
        semanticId: externalReference(template.collections?.[idShort] ?? idShort),
        value,
      })),
    ];
    if (elements.length > 0) filled.push({ template, id, elements });
  }
  return filled;
}

/**
 * The environment of a passport document (owner or masked view: the caller masks the document for
 * the reader's tier first, and what the document lacks the environment lacks too), as JSON.
 */
export function passportToEnvironment(
  document: Record<string, unknown>,
  options: EnvironmentOptions,
): Jsonable {
  const passportId = document.id;
  if (typeof passportId !== 'string' || passportId === '')
    throw new TypeError('A passport document has an id');
  const base = `${options.baseUrl.replace(/\/+$/, '')}/passport/${encodeURIComponent(passportId)}/aas`;
  const submodelId = (idShort: string) => `${base}/submodels/${idShort}`;
  const claims = new Map<string, Claim>();
  const templates = fillTemplates(document, templatesFor(document.category), submodelId, claims);

  const substitute: Substitute = (pointer) => {
    const claim = claims.get(pointer);
    return claim && { modelType: 'ReferenceElement', value: { type: 'ModelReference', keys: claim.keys } };
  };
  const passportSubmodel = {
    modelType: 'Submodel',
    id: submodelId(PASSPORT_SUBMODEL_ID_SHORT),
    idShort: PASSPORT_SUBMODEL_ID_SHORT,
    semanticId: externalReference(PASSPORT_SUBMODEL_SEMANTIC_ID),
    submodelElements: membersToElements(document as Record<string, Json>, '', substitute),
  };
  const submodels = [
    ...templates.map(({ template, id, elements }) => ({
      modelType: 'Submodel',
      id,
      idShort: template.idShort,
      semanticId: externalReference(template.semanticId),
      submodelElements: elements,
    })),
    passportSubmodel,
  ];
  const granularity = document.granularity;
  // The product's own identifier: its GS1 Digital Link URI, or the passport URL for a SKU.
  const globalAssetId =
    typeof document['@id'] === 'string' && document['@id'] !== ''
      ? document['@id']
      : base.slice(0, -'/aas'.length);
  return {
    assetAdministrationShells: [
      {
        modelType: 'AssetAdministrationShell',
        id: base,
        idShort: 'DigitalProductPassport',
        assetInformation: {
          assetKind:
            granularity === 'model' ? 'Type' : granularity === undefined ? 'NotApplicable' : 'Instance',
          globalAssetId,
        },
        submodels: submodels.map((submodel) => ({
          type: 'ModelReference',
          keys: [{ type: 'Submodel', value: submodel.id }],
        })),
      },
    ],
    submodels,
  };
}
