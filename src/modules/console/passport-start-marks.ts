// What a start from the example or from a copy writes beyond its metadata: the chosen operator and
// facility in every field that names them, a copy's country of origin, and the markers of every
// value taken over, so that none is published before the member has changed or confirmed it
// (docs/passports.md, "Unconfirmed values"; docs/console.md, "Passport forms").
import type { Category } from '../../domain/categories/types.ts';
import { type FacilityFacts, fillParties, type OperatorFacts } from '../../domain/passports/party-fill.ts';
import { markAll } from '../../domain/passports/unconfirmed.ts';
import type { SignedInPage } from './frame.ts';
import { callApi, type Inject } from './pages.ts';
import { apiBody, type FormValues } from './passport-form.ts';
import type { StartKind } from './passport-form-start.ts';

/** The operator a draft is attributed to: the one chosen, else the workspace's only one. */
async function chosenOperator(inject: Inject, page: SignedInPage, chosen: string) {
  let id = chosen;
  if (id === '') {
    const list = await callApi(inject, page.principal, 'GET', '/api/v1/operators', { query: 'limit=2' });
    if (list.status !== 200 || list.body.operators.length !== 1) return null;
    id = list.body.operators[0]?.id ?? '';
  }
  const found = await callApi(inject, page.principal, 'GET', '/api/v1/operators/{id}', {
    params: { id: encodeURIComponent(id) },
  });
  return found.status === 200 ? (found.body.operator as OperatorFacts) : null;
}

async function chosenFacility(inject: Inject, page: SignedInPage, chosen: string) {
  if (chosen === '') return null;
  const found = await callApi(inject, page.principal, 'GET', '/api/v1/facilities/{id}', {
    params: { id: encodeURIComponent(chosen) },
  });
  return found.status === 200 ? (found.body.facility as FacilityFacts) : null;
}

/**
 * The create body of a start: the form's values with the start's metadata, the parties written in,
 * a copy's origin country when none was typed, and `unconfirmed` naming each value taken over.
 */
export async function startBody(
  inject: Inject,
  page: SignedInPage,
  category: Category,
  kind: StartKind,
  values: FormValues,
  started: { metadata: Record<string, unknown>; originCountry?: string | null },
): Promise<Record<string, unknown>> {
  if (kind === 'blank') return apiBody('create', category, { ...values, metadata: started.metadata });
  const [operator, facility] = await Promise.all([
    chosenOperator(inject, page, values.operatorId),
    chosenFacility(inject, page, values.facilityId),
  ]);
  const { metadata, filled } = fillParties(category, started.metadata, operator, facility);
  const copiedOrigin = values.originCountry === '' && started.originCountry ? started.originCountry : null;
  const body = apiBody('create', category, {
    ...values,
    ...(copiedOrigin ? { originCountry: copiedOrigin } : {}),
    metadata,
  });
  const origin = kind === 'copy' ? 'copied' : 'example';
  const chosen = (path: string) => filled.some((part) => path === part || path.startsWith(`${part}/`));
  const parts = copiedOrigin ? ['/originCountry', '/metadata'] : ['/metadata'];
  const unconfirmed = markAll(body, origin, parts, chosen);
  return unconfirmed.length > 0 ? { ...body, unconfirmed } : body;
}
