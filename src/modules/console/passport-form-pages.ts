// Creating and editing passports in the console with forms generated from the category schema, and
// downloading a passport's label. The pages act through the passports API as the member, in the
// page's language, so that the validator's messages come back localised and land beside their fields.
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { CATEGORIES, type Category, isCategory } from '../../domain/categories/types.ts';
import type { FormState } from '../../domain/passports/schema-form.ts';
import { AppError } from '../../http/errors.ts';
import type { ApiAnswer } from './api-answers.ts';
import { pageFrames, type SignedInPage } from './frame.ts';
import {
  apiMessage,
  callApi,
  checkFormCsrf,
  type Inject,
  MEMBER_PAGE,
  PAGE_ANSWERS,
  type PageFrame,
  PassportParams,
  renderPage,
  seeOther,
} from './pages.ts';
import {
  apiBody,
  emptyValues,
  type FormMode,
  type FormProblem,
  type FormValues,
  formModel,
  type Parties,
  readForm,
  valuesOf,
} from './passport-form.ts';
import type { SessionService } from './sessions.ts';

const hide = true;
const NewQuery = Type.Object({
  category: Type.Optional(Type.String({ maxLength: 64 })),
  lang: Type.Optional(Type.String({ maxLength: 35 })),
});
const LABEL_ANSWERS = {
  ...PAGE_ANSWERS,
  200: {
    description: 'The label as a ZIP (SVG and PDF, with manifest.csv)',
    content: { 'application/zip': { schema: Type.String({ format: 'binary' }) } },
  },
};
const STATUS_CODES: Record<number, ConstructorParameters<typeof AppError>[0]> = {
  401: 'UNAUTHORIZED',
  402: 'SUBSCRIPTION_INACTIVE',
  403: 'INSUFFICIENT_PERMISSION',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  503: 'UNAVAILABLE',
};

const asParams = (body: unknown) => (body instanceof URLSearchParams ? body : new URLSearchParams());
const problemsOf = (body: Record<string, unknown>): FormProblem[] =>
  Array.isArray(body.errors)
    ? (body.errors as Record<string, unknown>[]).map((item) => ({
        ...(typeof item.path === 'string' ? { path: item.path } : {}),
        message: String(item.friendlyMessage ?? item.message ?? ''),
      }))
    : [];

export async function passportFormPages(
  app: App,
  context: AppContext,
  sessions: SessionService,
  inject: Inject,
) {
  const { memberPage } = pageFrames(sessions, context.clock);

  /** The workspace's operators and facilities, to choose from on creation. */
  async function partiesOf(page: SignedInPage): Promise<Parties> {
    const [operators, facilities] = await Promise.all([
      callApi(inject, page.principal, 'GET', '/api/v1/operators', { query: 'limit=200' }),
      callApi(inject, page.principal, 'GET', '/api/v1/facilities', { query: 'limit=200' }),
    ]);
    return {
      operators:
        operators.status === 200 ? operators.body.operators.map(({ id, name }) => ({ id, name })) : [],
      facilities:
        facilities.status === 200
          ? facilities.body.facilities.map(({ id, name, gln }) => ({ id, name: `${name} (${gln})` }))
          : [],
    };
  }

  /** Renders the form, with what was typed and where it was wrong. */
  async function showForm(
    reply: FastifyReply,
    status: number,
    page: SignedInPage,
    frame: PageFrame,
    form: { mode: FormMode; category: Category; values: FormValues; action: string; passportId?: string },
    state: FormState = { raw: {}, more: {} },
    problems: FormProblem[] = [],
    error?: string,
  ) {
    const parties = form.mode === 'create' ? await partiesOf(page) : undefined;
    const model = formModel(page, form.mode, form.category, form.values, state, problems, parties);
    return renderPage(reply, status, 'passport-form', frame, {
      ...model,
      action: form.action,
      passportId: form.passportId ?? null,
      ...(error ? { error } : {}),
    });
  }

  /** The API's answer to a passport written from the form: created, or replaced. */
  type PassportWrite = ApiAnswer<'/api/v1/passports', 'POST'> | ApiAnswer<'/api/v1/passports/{id}', 'PUT'>;

  /** Sends a form to the API; on refusal shows it again with the API's localised messages. */
  async function submit(
    reply: FastifyReply,
    page: SignedInPage,
    frame: PageFrame,
    form: { mode: FormMode; category: Category; action: string; passportId?: string },
    fields: URLSearchParams,
    send: (body: Record<string, unknown>) => Promise<PassportWrite>,
  ) {
    const { values, state, adding } = readForm(fields, form.category);
    const again = { ...form, values };
    if (adding) return showForm(reply, 200, page, frame, again, state);
    if (Object.keys(state.raw).length > 0)
      return showForm(reply, 400, page, frame, again, state, [], page.t('forms.errorsTitle'));
    const answer = await send(apiBody(form.mode, form.category, values));
    if (answer.status === 200 || answer.status === 201) {
      const done = form.mode === 'create' ? 'created' : 'saved';
      return seeOther(
        reply,
        `/console/passports/${encodeURIComponent(answer.body.passport.id)}?done=${done}`,
      );
    }
    const problems = problemsOf(answer.body);
    const error = problems.length > 0 ? page.t('forms.errorsTitle') : apiMessage(answer.body);
    return showForm(reply, answer.status, page, frame, again, state, problems, error);
  }

  const withLanguage = (frame: PageFrame) => ({ 'accept-language': frame.lang });

  app.get(
    '/console/passports/new',
    { config: { access: MEMBER_PAGE }, schema: { hide, querystring: NewQuery, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'forms.newTitle', async (page, frame) => {
        const { category = '' } = request.query;
        if (!isCategory(category))
          return renderPage(reply, category === '' ? 200 : 400, 'passport-new', frame, {
            categories: CATEGORIES,
            ...(category === '' ? {} : { error: page.t('forms.chooseHint') }),
          });
        const form = {
          mode: 'create' as const,
          category,
          values: emptyValues(),
          action: '/console/passports/new',
        };
        return showForm(reply, 200, page, frame, form);
      }),
  );

  app.post(
    '/console/passports/new',
    { config: { access: MEMBER_PAGE }, schema: { hide, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'forms.newTitle', async (page, frame) => {
        checkFormCsrf(page.principal, request.body, sessions.keys.sameCsrfToken);
        const fields = asParams(request.body);
        const category = fields.get('category') ?? '';
        if (!isCategory(category)) throw new AppError('BAD_REQUEST', page.t('forms.chooseHint'));
        const form = { mode: 'create' as const, category, action: '/console/passports/new' };
        return submit(reply, page, frame, form, fields, (body) =>
          callApi(inject, page.principal, 'POST', '/api/v1/passports', {
            payload: body,
            headers: withLanguage(frame),
          }),
        );
      }),
  );

  /** The passport to edit, as its owner reads it. */
  async function ownerDocument(page: SignedInPage, reference: string) {
    const found = await callApi(inject, page.principal, 'GET', '/api/v1/passports/{id}', {
      params: { id: encodeURIComponent(reference) },
    });
    if (found.status !== 200)
      throw new AppError(STATUS_CODES[found.status] ?? 'NOT_FOUND', apiMessage(found.body));
    const passport = found.body;
    const category = String(passport.category);
    if (!isCategory(category)) throw new AppError('NOT_FOUND', apiMessage(found.body));
    return { passport, category, id: String(passport.id) };
  }

  app.get(
    '/console/passports/:id/edit',
    { config: { access: MEMBER_PAGE }, schema: { hide, params: PassportParams, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'forms.editTitle', async (page, frame) => {
        const { passport, category, id } = await ownerDocument(page, request.params.id);
        const action = `/console/passports/${encodeURIComponent(id)}/edit`;
        const form = { mode: 'edit' as const, category, values: valuesOf(passport), action, passportId: id };
        return showForm(reply, 200, page, frame, form);
      }),
  );

  app.post(
    '/console/passports/:id/edit',
    { config: { access: MEMBER_PAGE }, schema: { hide, params: PassportParams, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'forms.editTitle', async (page, frame) => {
        checkFormCsrf(page.principal, request.body, sessions.keys.sameCsrfToken);
        const { category, id } = await ownerDocument(page, request.params.id);
        const params = { id: encodeURIComponent(id) };
        const form = {
          mode: 'edit' as const,
          category,
          action: `/console/passports/${params.id}/edit`,
          passportId: id,
        };
        return submit(reply, page, frame, form, asParams(request.body), (body) =>
          callApi(inject, page.principal, 'PUT', '/api/v1/passports/{id}', {
            params,
            payload: body,
            headers: withLanguage(frame),
          }),
        );
      }),
  );

  // The label as the labels API makes it (SVG and PDF in a ZIP), for one passport: a plain link,
  // since reading a label changes nothing.
  app.get(
    '/console/passports/:id/label',
    { config: { access: MEMBER_PAGE }, schema: { hide, params: PassportParams, response: LABEL_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'passports.one', async (page, frame) => {
        const answer = await inject({
          method: 'POST',
          url: '/api/v1/passports/labels',
          headers: {
            authorization: `Bearer ${page.principal.session.token}`,
            host: 'localhost',
            ...withLanguage(frame),
          },
          payload: { passports: [request.params.id] },
        });
        if (answer.statusCode !== 200) {
          const body = answer.body ? (answer.json() as Record<string, unknown>) : {};
          throw new AppError(STATUS_CODES[answer.statusCode] ?? 'BAD_REQUEST', apiMessage(body));
        }
        const name = request.params.id.replace(/[^A-Za-z0-9-]/g, '_').slice(0, 80);
        // The reply is typed by its schema (a string); the bytes go out as they are.
        return (reply as FastifyReply)
          .code(200)
          .header('content-disposition', `attachment; filename="label-${name}.zip"`)
          .header('cache-control', 'no-store')
          .type('application/zip')
          .send(answer.rawPayload);
      }),
  );
}
