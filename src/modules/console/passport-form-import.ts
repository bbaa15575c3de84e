// Many passports at once from a spreadsheet (CSV or XLSX, one passport a row), and the template of a
// category to fill in. Each row is checked as the API checks a create body, and the rows that pass
// go through the API's bulk ingest (upsert by productId); a row's problems are shown against its
// cells. The sheet's columns are in src/domain/passports/sheet.ts.
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import { type Lang, localise } from '../../core/i18n.ts';
import { type Category, isCategory } from '../../domain/categories/types.ts';
import { checkPassportBody } from '../../domain/passports/create-body.ts';
import { copyGtinIntoMetadata } from '../../domain/passports/gtin-copy.ts';
import { productIdentity } from '../../domain/passports/identity.ts';
import { exampleMetadata } from '../../domain/passports/samples.ts';
import {
  columnOf,
  csvLine,
  MAX_SHEET_ROWS,
  parseCsv,
  type SheetRow,
  sheetBodies,
  sheetColumns,
} from '../../domain/passports/sheet.ts';
import { pageFrames, type SignedInPage } from './frame.ts';
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
import type { SessionService } from './sessions.ts';
import { postedForm, utf8Text } from './upload.ts';

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

const columnsOf = (category: Category) => sheetColumns(schemaFor(category), exampleMetadata(category));

/** A cell as text: dates as ISO dates, numbers as written, rich text and formulas as shown. */
function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number') return String(value);
  return cell.text ?? '';
}

async function xlsxRows(bytes: Buffer): Promise<string[][] | null> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return null;
  }
  const sheet = book.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  const width = sheet.columnCount;
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    rows[number - 1] = Array.from({ length: width }, (_, at) => cellText(row.getCell(at + 1)));
  });
  return Array.from(rows, (row) => row ?? []);
}

interface RowOutcome {
  row: number;
  productId: string;
  outcome: 'written' | 'refused';
  problems: { column: string; value: string; message: string }[];
}

/** The problems of one row, each against the cell it is about. */
function rowProblems(row: SheetRow, columns: readonly string[], lang: Lang, t: SignedInPage['t']) {
  // As the ingest does: a GTIN fills the category's identifier field when the row leaves it blank.
  const identity = typeof row.body.productId === 'string' ? productIdentity(row.body.productId) : null;
  const metadata =
    identity?.scheme === 'GTIN'
      ? copyGtinIntoMetadata(String(row.body.category), row.body.metadata, identity.productId).metadata
      : row.body.metadata;
  const checked = checkPassportBody({ ...row.body, metadata });
  const problems = localise(checked.errors, lang).map((item) => {
    const column = columnOf(item.path ?? '', columns) ?? '';
    return { column, value: row.cells[column] ?? '', message: item.friendlyMessage };
  });
  for (const column of row.unreadable)
    problems.push({ column, value: row.cells[column] ?? '', message: t('forms.jsonInvalid') });
  return problems;
}

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
    { config: { access: MEMBER_PAGE }, schema: { hide, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'create.importTitle', async (page, frame) => {
        const same = sessions.keys.sameCsrfToken;
        const form = await postedForm(request, page.t, (fields) =>
          checkFormCsrf(page.principal, fields, same),
        );
        checkFormCsrf(page.principal, form.fields, same);
        const category = form.fields.get('category') ?? '';
        if (!isCategory(category)) throw new AppError('BAD_REQUEST', page.t('forms.chooseHint'));
        const refuse = (error: string) => show(reply, 400, frame, category, { error });
        if (!form.file) return refuse(page.t('create.sheetMissing'));
        const isXlsx = form.file.subarray(0, 2).toString('latin1') === 'PK';
        const rows = isXlsx ? await xlsxRows(form.file) : parseCsv(utf8Text(form.file, page.t));
        if (!rows) return refuse(page.t('create.sheetUnreadable'));
        const columns = columnsOf(category);
        const decimalComma = !POINT_LANGUAGES.includes(frame.lang);
        const read = sheetBodies(rows, category, schemaFor(category), columns, { decimalComma });
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
          const failed = (answer.body.errors ?? []) as string[];
          for (const outcome of outcomes) {
            if (outcome.problems.length > 0) continue;
            const why = failed.find((line) => line.startsWith(`[${outcome.productId}]`));
            if (why)
              outcome.problems.push({
                column: '',
                value: '',
                message: why.slice(outcome.productId.length + 3),
              });
            else outcome.outcome = 'written';
          }
        }
        const written = outcomes.filter((outcome) => outcome.outcome === 'written').length;
        const status = written === outcomes.length ? 200 : written > 0 ? 200 : 400;
        return show(reply, status, frame, category, {
          outcomes,
          written,
          refused: outcomes.length - written,
          columns,
        });
      }),
  );
}
