// Where a new passport starts: the category's example, an empty form, a copy of a passport of the
// same category, or an uploaded file (a passport as JSON, its metadata alone, or an AAS environment).
// Each start is saved at once as a partial DRAFT (docs/passports.md, "Partial drafts"), so the member
// continues in the form's sections and nothing typed is lost.

import { t } from '../../core/i18n.ts';
import { environmentToPassport, MAX_ENVIRONMENT_DEPTH } from '../../domain/aas/index.ts';
import type { Category } from '../../domain/categories/types.ts';
import { firstJsonProblem, type JsonProblem, MAX_JSON_DEPTH } from '../../domain/json/hygiene.ts';
import { exampleMetadata } from '../../domain/passports/samples.ts';
import type { SignedInPage } from './frame.ts';
import { callApi, type Inject } from './pages.ts';
import type { Parties } from './passport-form.ts';
import { passportName } from './passport-view.ts';

export type StartKind = 'example' | 'blank' | 'copy';
export const START_KINDS: readonly StartKind[] = ['example', 'blank', 'copy'];

type Json = unknown;
const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Metadata without the identifier of another product: an example's or a copied passport's battery
 * identifier names that product, and the new passport's GTIN is copied in its place on save.
 */
export function withoutProductIdentifier(metadata: Json): Record<string, Json> {
  const copy: Record<string, Json> = isObject(metadata) ? structuredClone(metadata) : {};
  const general = copy.generalInformation;
  if (isObject(general)) delete general.productIdentifier;
  return copy;
}

/** The metadata a start gives (the example's, none, or the copied passport's) and a copy's origin. */
export async function startMetadata(
  inject: Inject,
  page: SignedInPage,
  category: Category,
  kind: StartKind,
  copyFrom: string,
): Promise<{ metadata: Record<string, Json>; originCountry?: string | null } | { refused: string }> {
  if (kind === 'blank') return { metadata: {} };
  if (kind === 'example') return { metadata: withoutProductIdentifier(exampleMetadata(category)) };
  const found = await callApi(inject, page.principal, 'GET', '/api/v1/passports/{id}', {
    params: { id: encodeURIComponent(copyFrom) },
  });
  if (found.status !== 200 || found.body.category !== category) return { refused: page.t('create.copyGone') };
  return { metadata: withoutProductIdentifier(found.body.metadata), originCountry: found.body.originCountry };
}

/** The passports of a category the member may copy, newest first (at most 100). */
export async function copyable(inject: Inject, page: SignedInPage, category: Category) {
  const list = await callApi(inject, page.principal, 'GET', '/api/v1/passports', {
    query: new URLSearchParams({ category, limit: '100' }),
  });
  if (list.status !== 200) return [];
  return list.body.passports.map((passport) => ({
    id: String(passport.id),
    // People know their passports by product; the identifier and status tell two alike apart.
    label: page.t('words.copyLabel', {
      name: passportName(passport),
      productId: String(passport.productId),
      status: t(page.lang, `passportPage.statuses.${String(passport.status)}`),
    }),
  }));
}

/** The workspace's operators and facilities, to choose from on creation. */
export async function partiesOf(inject: Inject, page: SignedInPage): Promise<Parties> {
  const [operators, facilities] = await Promise.all([
    callApi(inject, page.principal, 'GET', '/api/v1/operators', { query: 'limit=200' }),
    callApi(inject, page.principal, 'GET', '/api/v1/facilities', { query: 'limit=200' }),
  ]);
  return {
    operators: operators.status === 200 ? operators.body.operators.map(({ id, name }) => ({ id, name })) : [],
    facilities:
      facilities.status === 200
        ? facilities.body.facilities.map(({ id, name, gln }) => ({ id, name: `${name} (${gln})` }))
        : [],
  };
}

/** What an uploaded file cannot carry, and the nesting allowed where it was found. */
export interface Unusable {
  unusable: JsonProblem;
  maxDepth: number;
}

/**
 * The create body an uploaded file's JSON holds: an AAS environment (its passport submodel read
 * back), a passport body as the API takes it, or bare metadata (then the form's category and
 * identifier are used). Null when the file is none of these. The file and the body it gives are
 * held to the API's body hygiene (an environment to the AAS ingest's nesting, the body to a
 * create's), so what the API would refuse is refused here, in the page's words.
 */
export function uploadedBody(
  json: Json,
  category: Category,
  productId: string,
): { body: Record<string, Json> } | Unusable | null {
  if (!isObject(json)) return null;
  let body: Record<string, Json>;
  if (Array.isArray(json.submodels) || Array.isArray(json.assetAdministrationShells)) {
    const problem = firstJsonProblem(json, '', 0, MAX_ENVIRONMENT_DEPTH);
    if (problem) return { unusable: problem, maxDepth: MAX_ENVIRONMENT_DEPTH };
    const read = environmentToPassport(json);
    if (!read.ok) return null;
    body = { ...read.body };
  } else if (isObject(json.metadata)) {
    body = { category: json.category ?? category, metadata: json.metadata };
    for (const key of ['productId', 'originCountry', 'granularity'])
      if (typeof json[key] === 'string') body[key] = json[key];
    if (productId !== '') body.productId = productId;
  } else body = { category, metadata: json, ...(productId === '' ? {} : { productId }) };
  const problem = firstJsonProblem(body, '', 0, MAX_JSON_DEPTH);
  return problem ? { unusable: problem, maxDepth: MAX_JSON_DEPTH } : { body };
}
