import type { App, AppContext } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import { renderView } from '../../core/views.ts';
import { type CsvUnit, MAX_CSV_UNITS, parseUnitCsv } from '../../domain/units/csv-rows.ts';
import { pageFrames, type SignedInPage } from './frame.ts';
import {
  apiMessage,
  callApi,
  checkFormCsrf,
  type Inject,
  MEMBER_PAGE,
  PAGE_ANSWERS,
  PassportParams,
  renderPage,
  streamPage,
} from './pages.ts';
import { passportView } from './passport-view.ts';
import type { SessionService } from './sessions.ts';
import { type PostedForm, postedForm, UPLOAD_ANSWERS, utf8Text } from './upload.ts';

const BATCH = 200;

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
    async (request, reply) => {
      return memberPage(request, reply, 'passports.one', async (page, frame) => {
        const reference = request.params.id;
        /** The passport's page again, its form with what was wrong. */
        const formAgain = async (status: number, error: string) => {
          const view = await passportView(context, inject, page, reference);
          return renderPage(
            reply,
            status,
            'passport',
            { ...frame, title: view.title },
            { ...view.data, error },
          );
        };

        // A bad upload or bad rows (400, 413) get the form again with the reason; a missing
        // permission or CSRF token (403, checked before the file is read) gets the refusal page.
        const same = sessions.keys.sameCsrfToken;
        let units: CsvUnit[];
        try {
          const form = await postedForm(request, page, 'battery:write', (fields) =>
            checkFormCsrf(page.principal, fields, same),
          );
          units = unitsOf(form, page.t);
        } catch (error) {
          if (error instanceof AppError && (error.status === 400 || error.status === 413))
            return formAgain(error.status, error.message);
          throw error;
        }

        const params = { passportId: encodeURIComponent(reference) };
        const run = { sent: 0, created: 0, rowErrors: [] as string[] };
        /** One batch; a refusal of the whole batch (no per-row errors) is returned, and stops the run. */
        async function send(start: number): Promise<{ status: number; message: string } | null> {
          const batch = units.slice(start, start + BATCH);
          const answer = await callApi(
            inject,
            page.principal,
            'POST',
            '/api/v1/passports/{passportId}/units',
            {
              params,
              payload: { units: batch.map(({ line: _line, ...unit }) => unit) },
            },
          );
          const errors = Array.isArray(answer.body.errors) ? (answer.body.errors as string[]) : [];
          if (answer.status !== 201 && errors.length === 0)
            return { status: answer.status, message: apiMessage(answer.body) };
          if (answer.status === 201) run.created += Number(answer.body.count ?? 0);
          run.rowErrors.push(...errors);
          run.sent += batch.length;
          return null;
        }

        // The status goes out with the first bytes, so it is the first batch's: a refusal of that
        // batch (no such passport, MFA required, …) answers the form again with the API's status.
        const first = await send(0);
        // A client error the pages do not declare (say 413 or 422) is shown as the bad request it is.
        const kept = (status: number) => status in PAGE_ANSWERS || status >= 500;
        if (first) return formAgain(kept(first.status) ? first.status : 400, first.message);
        const rows = units.length;
        const passportPath = `/console/passports/${encodeURIComponent(reference)}`;
        const tick = () =>
          renderView('console/units-progress', { t: page.t, rows, ...run, refused: run.rowErrors.length });
        const stream = streamPage(
          reply,
          run.created > 0 ? 201 : 200,
          'serialising',
          { ...frame, title: page.t('units.serialise') },
          { rows, passportPath },
        );
        // The page opens the ticks' region before the slot; the outcome closes it.
        stream.write(tick());
        let stopped: string | null = null;
        try {
          for (let start = BATCH; start < rows && stopped === null; start += BATCH) {
            const refusal = await send(start);
            if (refusal) stopped = refusal.message;
            else stream.write(tick());
          }
        } catch (error) {
          // The answer has begun: the page must still be closed, with what is known.
          request.log.error({ err: error }, 'serialisation from CSV stopped');
          stopped = page.t('csvUpload.failed');
        }
        stream.end(renderView('console/units-outcome', { t: page.t, rows, ...run, stopped, passportPath }));
        return reply;
      });
    },
  );
}
