// Many passports at once from a spreadsheet (CSV or XLSX, one passport a row), and the template of a
// category to fill in. Each row is checked as the API checks a create body, and the rows that pass
// go through the API's bulk ingest (upsert by productId); a row's problems are shown against its
// cells. The sheet's columns are in src/domain/passports/sheet.ts.
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import { ruleSchema } from '../../domain/categories/rules/as-schema.ts';
import { type Category, isCategory, type RuleCategory } from '../../domain/categories/types.ts';
import { exampleMetadata } from '../../domain/passports/samples.ts';
import { csvLine, MAX_SHEET_ROWS, sheetBodies, sheetColumns } from '../../domain/passports/sheet.ts';
import { pageFrames } from './frame.ts';
import {
  apiMessage,
  callApi,
  checkFormCsrf,
  type Inject,
  MEMBER_PAGE,
  PAGE_ANSWERS,
  type PageFrame,
  renderPage,
} from './pages.ts';
import { POINT_LANGUAGES, schemaFor } from './passport-form.ts';
import { applyBulkAnswer, type RowOutcome, rowProblems } from './passport-import-report.ts';
import type { SessionService } from './sessions.ts';
import { sheetFileRows } from './sheet-file.ts';
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
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
        schema: Type.String({ format: 'binary' }),
      },
    },
  },
};
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What a sheet's cells are read by: the category schema, or a rule category's fields in that shape. */
const sheetSchemaFor = (category: Category) => schemaFor(category) ?? ruleSchema(category as RuleCategory);
const columnsOf = (category: Category) => sheetColumns(sheetSchemaFor(category), exampleMetadata(category));

export async function passportImportPages(
  app: App,
  context: AppContext,
  sessions: SessionService,
  inject: Inject,
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
      memberPage(request, reply, 'create.importTitle', async (page) => {
        const category = request.query.category ?? '';
        if (!isCategory(category)) throw new AppError('BAD_REQUEST', page.t('forms.chooseHint'));
        const columns = columnsOf(category);
        const name = `passports-${category}`;
        const sent = reply as FastifyReply;
        sent.code(200).header('cache-control', 'no-store');
        if (request.query.format === 'xlsx') {
          const book = new ExcelJS.Workbook();
          const sheet = book.addWorksheet(category);
          sheet.addRow(columns);
          sheet.getRow(1).font = { bold: true };
          sheet.views = [{ state: 'frozen', ySplit: 1 }];
          const bytes = Buffer.from(await book.xlsx.writeBuffer());
          return sent
            .header('content-disposition', `attachment; filename="${name}.xlsx"`)
            .type(XLSX)
            .send(bytes);
        }
        return sent
          .header('content-disposition', `attachment; filename="${name}.csv"`)
          .type('text/csv; charset=utf-8')
          .send(`${csvLine(columns)}\r\n`);
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
        const refuse = (error: string) => show(reply, 400, frame, category, { error });
        if (!form.file) return refuse(page.t('create.sheetMissing'));
        const columns = columnsOf(category);
        let rows: string[][];
        try {
          rows = await sheetFileRows(form.file, columns.length, page.t);
        } catch (error) {
          // A file refused for its size or shape gets the import form again, with the reason.
          if (error instanceof AppError && error.status < 500)
            return show(reply, error.status, frame, category, { error: error.message });
          throw error;
        }
        const decimalComma = !POINT_LANGUAGES.includes(frame.lang);
        const read = sheetBodies(rows, category, sheetSchemaFor(category), columns, { decimalComma });
        if (read.unknown.length > 0)
          return refuse(page.t('create.sheetColumns', { columns: read.unknown.slice(0, 5).join(', ') }));
        if (read.tooMany) return refuse(page.t('create.sheetTooMany', { max: MAX_SHEET_ROWS }));
        if (read.rows.length === 0) return refuse(page.t('create.sheetEmpty'));

        const outcomes: RowOutcome[] = read.rows.map((row) => ({
          row: row.row,
          productId: String(row.body.productId ?? ''),
          outcome: 'refused',
          problems: rowProblems(row, columns, frame.lang, page.t),
        }));
        const ready = read.rows.filter((_, at) => outcomes[at]?.problems.length === 0);
        if (ready.length > 0) {
          const answer = await callApi(inject, page.principal, 'POST', '/api/v1/passports/bulk', {
            payload: { passports: ready.map((row) => row.body) },
            headers: { 'accept-language': frame.lang },
          });
          if (answer.status !== 200 && answer.status !== 201) return refuse(apiMessage(answer.body));
          applyBulkAnswer(
            outcomes.filter((outcome) => outcome.problems.length === 0),
            answer.body,
          );
        }
        const written = outcomes.filter((outcome) => outcome.outcome === 'written').length;
        return show(reply, written > 0 ? 200 : 400, frame, category, {
          outcomes,
          written,
          refused: outcomes.length - written,
          columns,
        });
      }),
  );
}
