// Many passports at once from a spreadsheet (CSV or XLSX, one passport a row), and the template of a
// category to fill in. The upload is read, checked row by row and held (sheet-import.ts); the post
// then redirects to its preview, a page of its own (passport-import-preview.ts), from which the
// member confirms. The sheet's columns are in src/domain/passports/sheet-columns.ts.
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import { type Category, isCategory } from '../../domain/categories/types.ts';
import { MAX_SHEET_ROWS } from '../../domain/passports/sheet.ts';
import { pageFrames } from './frame.ts';
import type { ImportHolds } from './import-holds.ts';
import {
  checkFormCsrf,
  type Inject,
  MEMBER_PAGE,
  PAGE_ANSWERS,
  type PageFrame,
  renderPage,
  seeOther,
} from './pages.ts';
import type { SessionService } from './sessions.ts';
import { templateFile, XLSX_TYPE } from './sheet-files.ts';
import { holdUpload } from './sheet-import.ts';
import { postedForm, UPLOAD_ANSWERS } from './upload.ts';

const hide = true;
const ImportQuery = Type.Object({
  category: Type.Optional(Type.String({ maxLength: 64 })),
  format: Type.Optional(Type.String({ maxLength: 8 })),
  lang: Type.Optional(Type.String({ maxLength: 35 })),
});
const TEMPLATE_ANSWERS = {
  ...PAGE_ANSWERS,
  200: {
    description: 'The template (CSV or XLSX), or the import page',
    content: {
      'text/csv': { schema: Type.String() },
      [XLSX_TYPE]: { schema: Type.String({ format: 'binary' }) },
    },
  },
};

export async function passportImportPages(
  app: App,
  context: AppContext,
  sessions: SessionService,
  inject: Inject,
  holds: ImportHolds,
) {
  const { memberPage } = pageFrames(sessions, context.clock);
  const show = (reply: FastifyReply, status: number, frame: PageFrame, category: Category, extra = {}) =>
    renderPage(reply, status, 'passport-import', frame, { category, max: MAX_SHEET_ROWS, ...extra });

  app.get(
    '/console/passports/import',
    { config: { access: MEMBER_PAGE }, schema: { hide, querystring: ImportQuery, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'create.importTitle', async (page, frame) => {
        const category = request.query.category ?? '';
        if (!isCategory(category)) throw new AppError('BAD_REQUEST', page.t('forms.chooseHint'));
        return show(reply, 200, frame, category);
      }),
  );

  app.get(
    '/console/passports/template',
    {
      config: { access: MEMBER_PAGE },
      schema: { hide, querystring: ImportQuery, response: TEMPLATE_ANSWERS },
    },
    async (request, reply) =>
      memberPage(request, reply, 'create.importTitle', async (page, frame) => {
        const category = request.query.category ?? '';
        if (!isCategory(category)) throw new AppError('BAD_REQUEST', page.t('forms.chooseHint'));
        const format = request.query.format === 'xlsx' ? 'xlsx' : 'csv';
        const file = await templateFile(category, format, frame.lang, page.t);
        return (reply as FastifyReply)
          .code(200)
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="passports-${category}.${format}"`)
          .type(format === 'xlsx' ? XLSX_TYPE : 'text/csv; charset=utf-8')
          .send(file);
      }),
  );

  app.post(
    '/console/passports/import',
    { config: { access: MEMBER_PAGE }, schema: { hide, response: UPLOAD_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'create.importTitle', async (page, frame) => {
        const same = sessions.keys.sameCsrfToken;
        const form = await postedForm(request, page, 'passport:create', (fields) =>
          checkFormCsrf(page.principal, fields, same),
        );
        const category = form.fields.get('category') ?? '';
        if (!isCategory(category)) throw new AppError('BAD_REQUEST', page.t('forms.chooseHint'));
        if (!form.file) return show(reply, 400, frame, category, { error: page.t('create.sheetMissing') });
        try {
          const held = await holdUpload(inject, holds, page, frame.lang, category, form.file);
          return seeOther(reply, `/console/passports/import/${held.id}`);
        } catch (error) {
          // A file refused for its size or shape gets the import form again, with the reason.
          if (error instanceof AppError && error.status < 500)
            return show(reply, error.status, frame, category, { error: error.message });
          throw error;
        }
      }),
  );
}
