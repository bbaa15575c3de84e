// Serialising units from CSV (pasted or a file), post/redirect/get: the post runs the batches and
// keeps the outcome, then answers 303 to the result's own page (`/console/serialisations/{id}`),
// which a reload shows again without serialising anything twice. The result offers the labels of
// the units made, as ZIPs of at most 200 (the labels API's batch).
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import { type CsvUnit, MAX_CSV_UNITS, parseUnitCsv } from '../../domain/units/csv-rows.ts';
import { UNIT_STATUSES } from '../../domain/units/status.ts';
import { pageFrames, type SignedInPage } from './frame.ts';
import { labelArchiveOf, sendDownload } from './label-archive.ts';
import {
  checkFormCsrf,
  type Inject,
  MEMBER_PAGE,
  PAGE_ANSWERS,
  PassportParams,
  renderPage,
  seeOther,
  UuidParams,
} from './pages.ts';
import { passportView } from './passport-view.ts';
import { findSerialisation, keepSerialisation, serialise } from './serialisations.ts';
import type { SessionService } from './sessions.ts';
import { type PostedForm, postedForm, UPLOAD_ANSWERS, utf8Text } from './upload.ts';

/** Labels a ZIP of the result holds: the labels API's batch. */
const LABELS_PER_ZIP = 200;
const PartQuery = Type.Object({ part: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$' })) });
const ZIP_ANSWERS = {
  ...PAGE_ANSWERS,
  200: {
    description: 'The labels of the units made, as a ZIP (SVG and PDF, with manifest.csv)',
    content: { 'application/zip': { schema: Type.String({ format: 'binary' }) } },
  },
};

/** The units of the posted form: the file's lines, or the pasted ones; a bad source is refused. */
function unitsOf(form: PostedForm, t: SignedInPage['t']): CsvUnit[] {
  const pasted = form.fields.get('csv') ?? '';
  if (form.file && pasted.trim() !== '') throw new AppError('BAD_REQUEST', t('csvUpload.both'));
  const parsed = parseUnitCsv(form.file ? utf8Text(form.file, t) : pasted);
  if (parsed.badColumns)
    throw new AppError('BAD_REQUEST', t('csvUpload.columns', { line: parsed.badColumns.line }));
  if (parsed.tooMany) throw new AppError('BAD_REQUEST', t('csvUpload.tooMany', { max: MAX_CSV_UNITS }));
  if (parsed.units.length === 0) throw new AppError('BAD_REQUEST', t('units.csvHint'));
  return parsed.units;
}

interface Deps {
  context: AppContext;
  sessions: SessionService;
  inject: Inject;
}

/**
 * Reads the form, runs the batches and keeps the outcome: the result's id, or why the form is
 * shown again (a bad upload or rows, 400 or 413; a refusal of the whole first batch, with the
 * API's status). A missing permission or CSRF token (403, checked before the file is read) is
 * thrown, for the refusal page.
 */
async function run(
  { context, sessions, inject }: Deps,
  request: Parameters<typeof postedForm>[0],
  page: SignedInPage,
  reference: string,
) {
  let units: CsvUnit[];
  try {
    const form = await postedForm(request, page, 'battery:write', (fields) =>
      checkFormCsrf(page.principal, fields, sessions.keys.sameCsrfToken),
    );
    units = unitsOf(form, page.t);
  } catch (error) {
    if (error instanceof AppError && (error.status === 400 || error.status === 413))
      return { again: error.status, message: error.message };
    throw error;
  }
  try {
    const outcome = await serialise(inject, page, reference, units);
    return { id: await keepSerialisation(context, page, reference, outcome) };
  } catch (error) {
    // A client error the pages do not declare (say 422) is shown as the bad request it is.
    if (error instanceof AppError && error.status < 500)
      return { again: error.status in PAGE_ANSWERS ? error.status : 400, message: error.message };
    throw error;
  }
}

export async function serialisePages(
  app: App,
  context: AppContext,
  sessions: SessionService,
  inject: Inject,
) {
  const { memberPage } = pageFrames(sessions, context.clock);

  app.post(
    '/console/passports/:id/units',
    {
      config: { access: MEMBER_PAGE },
      schema: { hide: true, params: PassportParams, response: UPLOAD_ANSWERS },
    },
    async (request, reply) =>
      memberPage(request, reply, 'passports.one', async (page, frame) => {
        const reference = request.params.id;
        const done = await run({ context, sessions, inject }, request, page, reference);
        if ('id' in done) return seeOther(reply, `/console/serialisations/${done.id}`);
        // The passport's page again, its form with what was wrong.
        const view = await passportView(context, inject, page, reference);
        const data = { ...view.data, error: done.message };
        return renderPage(reply, done.again, 'passport', { ...frame, title: view.title }, data);
      }),
  );

  app.get(
    '/console/serialisations/:id',
    { config: { access: MEMBER_PAGE }, schema: { hide: true, params: UuidParams, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'serialised.title', async (page, frame) => {
        const found = await findSerialisation(context, page, request.params.id);
        const parts = Math.ceil(found.unitIds.length / LABELS_PER_ZIP);
        return renderPage(reply, 200, 'serialised', frame, {
          run: found,
          created: found.unitIds.length,
          passportPath: `/console/passports/${encodeURIComponent(found.passportRef)}`,
          zips: Array.from({ length: parts }, (_, part) => ({
            href: `/console/serialisations/${found.id}/labels?part=${part + 1}`,
            from: part * LABELS_PER_ZIP + 1,
            to: Math.min((part + 1) * LABELS_PER_ZIP, found.unitIds.length),
          })),
          allowed: UNIT_STATUSES.join(', '),
        });
      }),
  );

  app.get(
    '/console/serialisations/:id/labels',
    {
      config: { access: MEMBER_PAGE },
      schema: { hide: true, params: UuidParams, querystring: PartQuery, response: ZIP_ANSWERS },
    },
    async (request, reply) =>
      memberPage(request, reply, 'serialised.title', async (page, frame) => {
        const found = await findSerialisation(context, page, request.params.id);
        const part = Number(request.query.part ?? '1');
        const units = found.unitIds.slice((part - 1) * LABELS_PER_ZIP, part * LABELS_PER_ZIP);
        if (units.length === 0) throw new AppError('NOT_FOUND', page.t('serialised.noLabels'));
        const zip = await labelArchiveOf(inject, page, frame, { units });
        return sendDownload(reply as FastifyReply, 'application/zip', `unit-labels-${part}.zip`, zip);
      }),
  );
}
