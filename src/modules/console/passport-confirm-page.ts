// Confirming the values of one section of a draft at once: the values taken from the example or
// copied that the member has looked at and keeps as they are (docs/console.md, "Passport forms").
import type { App, AppContext } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import { pageFrames } from './frame.ts';
import {
  apiMessage,
  callApi,
  checkFormCsrf,
  formFields,
  type Inject,
  MEMBER_PAGE,
  PAGE_ANSWERS,
  PassportParams,
  seeOther,
} from './pages.ts';
import { sectionPaths } from './passport-form-marks.ts';
import { STATUS_CODES } from './passport-form-screens.ts';
import type { SessionService } from './sessions.ts';

const hide = true;
/** A section's name as the form writes it: the passport's own fields, or a schema group. */
const SECTION = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

export async function passportConfirmPage(
  app: App,
  context: AppContext,
  sessions: SessionService,
  inject: Inject,
) {
  const { memberPage } = pageFrames(sessions, context.clock);
  app.post(
    '/console/passports/:id/confirm',
    { config: { access: MEMBER_PAGE }, schema: { hide, params: PassportParams, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'forms.editTitle', async (page) => {
        checkFormCsrf(page.principal, request.body, sessions.keys.sameCsrfToken);
        const section = formFields(request.body).section ?? '';
        if (!SECTION.test(section)) throw new AppError('BAD_REQUEST', page.t('forms.errorsTitle'));
        const id = encodeURIComponent(request.params.id);
        const answer = await callApi(inject, page.principal, 'POST', '/api/v1/passports/{id}/confirmations', {
          params: { id },
          payload: { paths: sectionPaths(section) },
        });
        if (answer.status !== 200)
          throw new AppError(STATUS_CODES[answer.status] ?? 'BAD_REQUEST', apiMessage(answer.body));
        const done = `section=${encodeURIComponent(section)}&done=confirmed`;
        return seeOther(
          reply,
          `/console/passports/${encodeURIComponent(answer.body.passport.id)}/edit?${done}`,
        );
      }),
  );
}
