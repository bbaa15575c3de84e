// Beginning a passport from an uploaded JSON file: read as the API reads a body, then created as a
// partial draft that continues in the form.
import type { App, AppContext } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import { MAX_ENVIRONMENT_DEPTH } from '../../domain/aas/index.ts';
import { isCategory } from '../../domain/categories/types.ts';
import { parseJsonText } from '../../http/json-body.ts';
import { pageFrames } from './frame.ts';
import { checkFormCsrf, type Inject, MEMBER_PAGE } from './pages.ts';
import { emptyValues, type FormProblem } from './passport-form.ts';
import { passportFormScreens } from './passport-form-screens.ts';
import { uploadedBody } from './passport-form-start.ts';
import { unusableText } from './passport-import-report.ts';
import type { SessionService } from './sessions.ts';
import { postedForm, UPLOAD_ANSWERS, utf8Text } from './upload.ts';

const hide = true;

export async function passportUploadPage(
  app: App,
  context: AppContext,
  sessions: SessionService,
  inject: Inject,
) {
  const { memberPage } = pageFrames(sessions, context.clock);
  const { showStart, createDraft } = passportFormScreens(inject);

  app.post(
    '/console/passports/upload',
    { config: { access: MEMBER_PAGE }, schema: { hide, response: UPLOAD_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'forms.newTitle', async (page, frame) => {
        const same = sessions.keys.sameCsrfToken;
        const form = await postedForm(request, page, 'passport:create', (fields) =>
          checkFormCsrf(page.principal, fields, same),
        );
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
}
