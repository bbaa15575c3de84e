// The passport form as a screen: rendering it with what was typed and where it was wrong, sending it
// to the passports API as the member, and the start page a new passport begins on. Shared by the
// screens that create (passport-new-pages.ts, passport-upload-page.ts) and edit
// (passport-edit-pages.ts) a passport; they act through the API in the page's language, so that the
// validator's messages come back localised and land beside their fields.
import type { FastifyReply } from 'fastify';
import { AppError } from '../../core/errors.ts';
import { type Category, isCategory } from '../../domain/categories/types.ts';
import type { FormState } from '../../domain/passports/schema-form.ts';
import type { Unconfirmed } from '../../domain/passports/unconfirmed.ts';
import type { ApiAnswer } from './api-answers.ts';
import type { SignedInPage } from './frame.ts';
import { apiMessage, callApi, type Inject, type PageFrame, renderPage, seeOther } from './pages.ts';
import {
  apiBody,
  type FormMode,
  type FormProblem,
  type FormValues,
  formModel,
  readForm,
  schemaFor,
} from './passport-form.ts';
import { draftFindings } from './passport-form-checklist.ts';
import { ENVELOPE, mergeSection, sectionsOf } from './passport-form-sections.ts';
import { copyable, partiesOf } from './passport-form-start.ts';

/** The error code of the API's status, for a page that fails as the API did. */
export const STATUS_CODES: Record<number, ConstructorParameters<typeof AppError>[0]> = {
  401: 'UNAUTHORIZED',
  402: 'SUBSCRIPTION_INACTIVE',
  403: 'INSUFFICIENT_PERMISSION',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  503: 'UNAVAILABLE',
};

export const asParams = (body: unknown) => (body instanceof URLSearchParams ? body : new URLSearchParams());
const problemsOf = (body: Record<string, unknown>): FormProblem[] =>
  Array.isArray(body.errors)
    ? (body.errors as Record<string, unknown>[]).map((item) => ({
        ...(typeof item.path === 'string' ? { path: item.path } : {}),
        ...(typeof item.code === 'string' ? { code: item.code } : {}),
        message: String(item.friendlyMessage ?? item.message ?? ''),
      }))
    : [];

/** The page's language, asked of the API so that its messages come back in it. */
export const withLanguage = (frame: PageFrame) => ({ 'accept-language': frame.lang });

/** What a draft lacks (blocking) and its advisories (not blocking), for the checklist. */
export const draftLists = (category: Category, values: FormValues, lang: PageFrame['lang']) => {
  const found = draftFindings(category, values, lang);
  return { checklist: found.errors, advisories: found.warnings };
};

/** The section asked for: a known one, `all` for the whole form, else the first. */
export function sectionAsked(category: Category, asked: string | undefined): string | undefined {
  if (asked === 'all') return undefined;
  const sections = sectionsOf(schemaFor(category));
  return asked !== undefined && sections.includes(asked) ? asked : ENVELOPE;
}

export interface Form {
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
  unconfirmed?: Unconfirmed[];
}

/** The API's answer to a passport written from the form: created, or replaced. */
type PassportWrite = ApiAnswer<'/api/v1/passports', 'POST'> | ApiAnswer<'/api/v1/passports/{id}', 'PUT'>;

/** The form's screens, acting through the API with `inject`. */
export function passportFormScreens(inject: Inject) {
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
      ...(form.unconfirmed === undefined ? {} : { unconfirmed: form.unconfirmed }),
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

  return { showForm, submit, showStart, createDraft, ownerDocument };
}
