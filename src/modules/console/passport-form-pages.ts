// Creating and editing passports in the console with forms generated from the category schema, and
// downloading a passport's label. The pages act through the passports API as the member, in the
// page's language, so that the validator's messages come back localised and land beside their fields.
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import { MAX_ENVIRONMENT_DEPTH } from '../../domain/aas/index.ts';
import { CATEGORIES, type Category, isCategory } from '../../domain/categories/types.ts';
import type { FormState } from '../../domain/passports/schema-form.ts';
import { parseJsonText } from '../../http/json-body.ts';
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
  readForm,
  schemaFor,
  valuesOf,
} from './passport-form.ts';
import { draftFindings } from './passport-form-checklist.ts';
import { passportImportPages } from './passport-form-import.ts';
import { ENVELOPE, mergeSection, sectionsOf } from './passport-form-sections.ts';
import { copyable, partiesOf, START_KINDS, startMetadata, uploadedBody } from './passport-form-start.ts';
import { unusableText } from './passport-import-report.ts';
import type { SessionService } from './sessions.ts';
import { postedForm, UPLOAD_ANSWERS, utf8Text } from './upload.ts';

const hide = true;
const NewQuery = Type.Object({
  category: Type.Optional(Type.String({ maxLength: 64 })),
  /** `form`: the whole form on one page, as before there were starts and sections. */
  start: Type.Optional(Type.String({ maxLength: 16 })),
  lang: Type.Optional(Type.String({ maxLength: 35 })),
});
const EditQuery = Type.Object({
  /** A section of the form (`all`: the whole form on one page). */
  section: Type.Optional(Type.String({ maxLength: 64 })),
  done: Type.Optional(Type.String({ maxLength: 10 })),
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
        ...(typeof item.code === 'string' ? { code: item.code } : {}),
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
  await passportImportPages(app, context, sessions, inject);

  interface Form {
    mode: FormMode;
    category: Category;
    values: FormValues;
    action: string;
    passportId?: string;
    /** The shown section, and whether the passport is a draft (saved partial, with a checklist). */
    section?: string;
    draft?: boolean;
    checklist?: FormProblem[];
    advisories?: FormProblem[];
  }

  /** Renders the form, with what was typed and where it was wrong. */
  async function showForm(
    reply: FastifyReply,
    status: number,
    page: SignedInPage,
    frame: PageFrame,
    form: Form,
    state: FormState = { raw: {}, more: {} },
    problems: FormProblem[] = [],
    extra: { error?: string; notice?: string } = {},
  ) {
    const parties = form.mode === 'create' ? await partiesOf(inject, page) : undefined;
    const base = form.passportId ? `/console/passports/${encodeURIComponent(form.passportId)}/edit` : '';
    const view = {
      lang: frame.lang,
      ...(form.section === undefined ? {} : { section: form.section }),
      ...(base ? { sectionHref: (section: string) => `${base}?section=${encodeURIComponent(section)}` } : {}),
      ...(form.checklist === undefined ? {} : { checklist: form.checklist }),
      ...(form.advisories === undefined ? {} : { advisories: form.advisories }),
    };
    const model = formModel(page, form.mode, form.category, form.values, state, problems, parties, view);
    return renderPage(reply, status, 'passport-form', frame, {
      ...model,
      action: form.action,
      passportId: form.passportId ?? null,
      draft: form.draft === true,
      ...extra,
    });
  }

  /** The API's answer to a passport written from the form: created, or replaced. */
  type PassportWrite = ApiAnswer<'/api/v1/passports', 'POST'> | ApiAnswer<'/api/v1/passports/{id}', 'PUT'>;

  /** Sends a form to the API; on refusal shows it again with the API's localised messages. */
  async function submit(
    reply: FastifyReply,
    page: SignedInPage,
    frame: PageFrame,
    form: Omit<Form, 'values'> & { stored?: unknown },
    fields: URLSearchParams,
    send: (body: Record<string, unknown>) => Promise<PassportWrite>,
  ) {
    const { values, state, adding } = readForm(fields, form.category, frame.lang);
    const section = form.section;
    // A section posts its own part: the rest of the metadata is the stored one.
    if (section === ENVELOPE) values.metadata = form.stored;
    else if (section !== undefined) values.metadata = mergeSection(form.stored, section, values.metadata);
    const again = { ...form, values };
    if (adding) return showForm(reply, 200, page, frame, again, state);
    if (Object.keys(state.raw).length > 0)
      return showForm(reply, 400, page, frame, again, state, [], { error: page.t('forms.errorsTitle') });
    const body = apiBody(form.mode, form.category, values);
    if (section !== undefined && section !== ENVELOPE) {
      for (const key of ['productId', 'originCountry', 'granularity']) delete body[key];
    }
    const answer = await send(body);
    if (answer.status === 200 || answer.status === 201) {
      const id = encodeURIComponent(answer.body.passport.id);
      if (section === undefined) {
        const done = form.mode === 'create' ? 'created' : 'saved';
        return seeOther(reply, `/console/passports/${id}?done=${done}`);
      }
      const next = fields.get('_go') === 'next' ? (fields.get('_next') ?? section) : section;
      return seeOther(reply, `/console/passports/${id}/edit?section=${encodeURIComponent(next)}&done=saved`);
    }
    const problems = problemsOf(answer.body);
    const error = problems.length > 0 ? page.t('forms.errorsTitle') : apiMessage(answer.body);
    return showForm(reply, answer.status, page, frame, again, state, problems, { error });
  }

  const withLanguage = (frame: PageFrame) => ({ 'accept-language': frame.lang });

  app.get(
    '/console/passports/new',
    { config: { access: MEMBER_PAGE }, schema: { hide, querystring: NewQuery, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'forms.newTitle', async (page, frame) => {
        const { category = '', start = '' } = request.query;
        if (!isCategory(category))
          return renderPage(reply, category === '' ? 200 : 400, 'passport-new', frame, {
            categories: CATEGORIES,
            ...(category === '' ? {} : { error: page.t('forms.chooseHint') }),
          });
        if (start !== 'form') return showStart(reply, 200, page, frame, category, emptyValues());
        const form = {
          mode: 'create' as const,
          category,
          values: emptyValues(),
          action: '/console/passports/new',
        };
        return showForm(reply, 200, page, frame, form);
      }),
  );

  /** The page that starts a passport of a category, with what was typed and why it failed. */
  async function showStart(
    reply: FastifyReply,
    status: number,
    page: SignedInPage,
    frame: PageFrame,
    category: Category,
    values: FormValues,
    chosen: { start?: string; copyFrom?: string } = {},
    problems: FormProblem[] = [],
    error?: string,
  ) {
    const [parties, copies] = await Promise.all([partiesOf(inject, page), copyable(inject, page, category)]);
    const model = formModel(page, 'create', category, values, { raw: {}, more: {} }, problems, parties, {
      lang: frame.lang,
    });
    return renderPage(reply, status, 'passport-start', frame, {
      category,
      // The status is the start's: a draft, published from the form's last step.
      fields: model.fields.filter((node) => node.pointer !== '/status'),
      summary: model.summary,
      unplaced: model.unplaced,
      copies,
      start: chosen.start ?? 'example',
      copyFrom: chosen.copyFrom ?? '',
      ...(error ? { error } : {}),
    });
  }

  /** Creates the partial draft a start gives, then continues in the form's first section. */
  async function createDraft(
    reply: FastifyReply,
    page: SignedInPage,
    frame: PageFrame,
    category: Category,
    body: Record<string, unknown>,
    again: (problems: FormProblem[], error: string, status?: number) => Promise<FastifyReply>,
  ) {
    const answer = await callApi(inject, page.principal, 'POST', '/api/v1/passports', {
      query: 'partial=true',
      payload: { ...body, category, status: 'DRAFT' },
      headers: withLanguage(frame),
    });
    if (answer.status !== 201) {
      const problems = problemsOf(answer.body);
      const error = problems.length > 0 ? page.t('forms.errorsTitle') : apiMessage(answer.body);
      return again(problems, error, answer.status);
    }
    const id = encodeURIComponent(answer.body.passport.id);
    return seeOther(reply, `/console/passports/${id}/edit?section=${ENVELOPE}&done=created`);
  }

  app.post(
    '/console/passports/new',
    { config: { access: MEMBER_PAGE }, schema: { hide, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'forms.newTitle', async (page, frame) => {
        checkFormCsrf(page.principal, request.body, sessions.keys.sameCsrfToken);
        const fields = asParams(request.body);
        const category = fields.get('category') ?? '';
        if (!isCategory(category)) throw new AppError('BAD_REQUEST', page.t('forms.chooseHint'));
        const start = fields.get('_start');
        if (start !== null) {
          const { values } = readForm(fields, category, frame.lang);
          const copyFrom = fields.get('copyFrom') ?? '';
          const chosen = { start, copyFrom };
          const again = (problems: FormProblem[], error: string, status = 400) =>
            showStart(reply, status, page, frame, category, values, chosen, problems, error);
          const kind = START_KINDS.find((known) => known === start) ?? 'blank';
          const metadata = await startMetadata(inject, page, category, kind, copyFrom);
          if ('refused' in metadata) return again([], String(metadata.refused));
          const body = apiBody('create', category, { ...values, status: 'DRAFT', metadata });
          return createDraft(reply, page, frame, category, body, again);
        }
        const form = { mode: 'create' as const, category, action: '/console/passports/new' };
        return submit(reply, page, frame, form, fields, (body) =>
          callApi(inject, page.principal, 'POST', '/api/v1/passports', {
            payload: body,
            headers: withLanguage(frame),
          }),
        );
      }),
  );

  app.post(
    '/console/passports/upload',
    { config: { access: MEMBER_PAGE }, schema: { hide, response: UPLOAD_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'forms.newTitle', async (page, frame) => {
        const same = sessions.keys.sameCsrfToken;
        const form = await postedForm(request, page, 'passport:create', (fields) =>
          checkFormCsrf(page.principal, fields, same),
        );
        checkFormCsrf(page.principal, form.fields, same);
        const category = form.fields.get('category') ?? '';
        if (!isCategory(category)) throw new AppError('BAD_REQUEST', page.t('forms.chooseHint'));
        const productId = (form.fields.get('productId') ?? '').trim();
        const values = { ...emptyValues(), productId };
        const again = (problems: FormProblem[], error: string, status = 400) =>
          showStart(reply, status, page, frame, category, values, {}, problems, error);
        if (!form.file) return again([], page.t('create.uploadUnreadable'));
        // Read as the API reads a body; the deepest the page takes is an AAS environment's.
        const parsed = parseJsonText(utf8Text(form.file, page.t), MAX_ENVIRONMENT_DEPTH);
        if ('deeperThan' in parsed) return again([], page.t('upload.deep', { max: parsed.deeperThan }));
        const read = 'value' in parsed ? uploadedBody(parsed.value, category, productId) : null;
        if (!read) return again([], page.t('create.uploadUnreadable'));
        if ('unusable' in read) {
          const { unusable, maxDepth } = read;
          return again([], unusableText(unusable, unusable.path, page.t, maxDepth));
        }
        const { body } = read;
        if (body.category !== category)
          return again([], page.t('create.otherCategory', { category: String(body.category) }));
        return createDraft(reply, page, frame, category, body, again);
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
    return { passport, category, id: String(passport.id), draft: passport.status === 'DRAFT' };
  }

  /** What a draft lacks (blocking) and its advisories (not blocking), for the checklist. */
  const draftLists = (category: Category, values: FormValues, lang: PageFrame['lang']) => {
    const found = draftFindings(category, values, lang);
    return { checklist: found.errors, advisories: found.warnings };
  };

  /** The section asked for: a known one, `all` for the whole form, else the first. */
  function sectionAsked(category: Category, asked: string | undefined): string | undefined {
    if (asked === 'all') return undefined;
    const sections = sectionsOf(schemaFor(category));
    return asked !== undefined && sections.includes(asked) ? asked : ENVELOPE;
  }

  app.get(
    '/console/passports/:id/edit',
    {
      config: { access: MEMBER_PAGE },
      schema: { hide, params: PassportParams, querystring: EditQuery, response: PAGE_ANSWERS },
    },
    async (request, reply) =>
      memberPage(request, reply, 'forms.editTitle', async (page, frame) => {
        const { passport, category, id, draft } = await ownerDocument(page, request.params.id);
        const action = `/console/passports/${encodeURIComponent(id)}/edit`;
        const values = valuesOf(passport);
        const form = {
          mode: 'edit' as const,
          category,
          values,
          action,
          passportId: id,
          draft,
          ...(draft ? draftLists(category, values, frame.lang) : {}),
        };
        const section = sectionAsked(category, request.query.section);
        const { done } = request.query;
        const notice = done === 'created' || done === 'saved' ? { notice: page.t(`forms.${done}`) } : {};
        return showForm(
          reply,
          200,
          page,
          frame,
          section === undefined ? form : { ...form, section },
          undefined,
          [],
          notice,
        );
      }),
  );

  app.post(
    '/console/passports/:id/edit',
    { config: { access: MEMBER_PAGE }, schema: { hide, params: PassportParams, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'forms.editTitle', async (page, frame) => {
        checkFormCsrf(page.principal, request.body, sessions.keys.sameCsrfToken);
        const { passport, category, id, draft } = await ownerDocument(page, request.params.id);
        const fields = asParams(request.body);
        const params = { id: encodeURIComponent(id) };
        const posted = fields.get('_section');
        const section = posted === null ? undefined : sectionAsked(category, posted);
        const form = {
          mode: 'edit' as const,
          category,
          action: `/console/passports/${params.id}/edit`,
          passportId: id,
          draft,
          stored: passport.metadata,
          ...(section === undefined ? {} : { section }),
          ...(draft ? draftLists(category, valuesOf(passport), frame.lang) : {}),
        };
        return submit(reply, page, frame, form, fields, (body) =>
          callApi(inject, page.principal, 'PUT', '/api/v1/passports/{id}', {
            params,
            // A draft is saved as far as it goes; it is held to every rule when it is published.
            ...(draft ? { query: 'partial=true' } : {}),
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
