// The screens that begin a passport: choosing its category, the start page (an example, a blank
// draft, a copy) and the whole form on one page.
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import { CATEGORIES, isCategory } from '../../domain/categories/types.ts';
import { pageFrames } from './frame.ts';
import { callApi, checkFormCsrf, type Inject, MEMBER_PAGE, PAGE_ANSWERS, renderPage } from './pages.ts';
import { emptyValues, type FormProblem, readForm } from './passport-form.ts';
import { asParams, passportFormScreens, withLanguage } from './passport-form-screens.ts';
import { START_KINDS, startMetadata } from './passport-form-start.ts';
import { startBody } from './passport-start-marks.ts';
import type { SessionService } from './sessions.ts';

const hide = true;
const NewQuery = Type.Object({
  category: Type.Optional(Type.String({ maxLength: 64 })),
  /** `form`: the whole form on one page, as before there were starts and sections. */
  start: Type.Optional(Type.String({ maxLength: 16 })),
  lang: Type.Optional(Type.String({ maxLength: 35 })),
});

export async function passportNewPages(
  app: App,
  context: AppContext,
  sessions: SessionService,
  inject: Inject,
) {
  const { memberPage } = pageFrames(sessions, context.clock);
  const { showForm, submit, showStart, createDraft } = passportFormScreens(inject);

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
          const started = await startMetadata(inject, page, category, kind, copyFrom);
          if ('refused' in started) return again([], String(started.refused));
          const body = await startBody(inject, page, category, kind, { ...values, status: 'DRAFT' }, started);
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
}
