// Editing a passport in the form, section by section (or whole), with a draft's checklist.
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import type { Lang } from '../../core/i18n.ts';
import type { Category } from '../../domain/categories/types.ts';
import { pageFrames, type SignedInPage } from './frame.ts';
import { callApi, checkFormCsrf, type Inject, MEMBER_PAGE, PAGE_ANSWERS, PassportParams } from './pages.ts';
import { valuesOf } from './passport-form.ts';
import { markersOf } from './passport-form-marks.ts';
import {
  asParams,
  draftLists,
  passportFormScreens,
  sectionAsked,
  withLanguage,
} from './passport-form-screens.ts';
import type { SessionService } from './sessions.ts';

const hide = true;
const EditQuery = Type.Object({
  /** A section of the form (`all`: the whole form on one page). */
  section: Type.Optional(Type.String({ maxLength: 64 })),
  done: Type.Optional(Type.String({ maxLength: 10 })),
  lang: Type.Optional(Type.String({ maxLength: 35 })),
});

/** A draft's checklist and advisories, and the values nobody has confirmed yet. */
const draftExtras = (category: Category, passport: Record<string, unknown>, lang: Lang) => ({
  ...draftLists(category, valuesOf(passport), lang),
  unconfirmed: markersOf(passport),
});

/** What the page says after a redirect to it: the draft created, the section saved or confirmed. */
function doneNotice(page: SignedInPage, done: string | undefined) {
  if (done === 'created' || done === 'saved') return { notice: page.t(`forms.${done}`) };
  return done === 'confirmed' ? { notice: page.t('marks.confirmed') } : {};
}

export async function passportEditPages(
  app: App,
  context: AppContext,
  sessions: SessionService,
  inject: Inject,
) {
  const { memberPage } = pageFrames(sessions, context.clock);
  const { showForm, submit, ownerDocument } = passportFormScreens(inject);

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
          ...(draft ? draftExtras(category, passport, frame.lang) : {}),
        };
        const section = sectionAsked(category, request.query.section);
        const { done } = request.query;
        const notice = doneNotice(page, done);
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
          ...(draft ? draftExtras(category, passport, frame.lang) : {}),
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
}
