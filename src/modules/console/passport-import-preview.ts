// An uploaded spreadsheet's preview, and after confirmation its report, as a page of its own: the
// upload's post redirects here, the confirmation posts here and redirects back, so a reload shows the
// same page and never sends the rows twice (import-holds.ts holds them in between).
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import { pageFrames, type SignedInPage } from './frame.ts';
import type { HeldImport, ImportHolds } from './import-holds.ts';
import {
  checkFormCsrf,
  formFields,
  type Inject,
  MEMBER_PAGE,
  PAGE_ANSWERS,
  type PageFrame,
  renderPage,
  seeOther,
} from './pages.ts';
import type { SessionService } from './sessions.ts';
import { confirmImport } from './sheet-import.ts';

const hide = true;
const HoldParams = Type.Object({ hold: Type.String({ format: 'uuid' }) });

/** What the preview and the report show: the rows, and how many of each kind. */
function importView(held: HeldImport) {
  const count = (test: (row: HeldImport['rows'][number]) => boolean) => held.rows.filter(test).length;
  return {
    held,
    category: held.category,
    create: count((row) => row.action === 'create'),
    update: count((row) => row.action === 'update'),
    refused: count((row) => (held.done ? row.outcome !== 'written' : row.action === 'refused')),
    written: count((row) => row.outcome === 'written'),
  };
}

export async function passportImportPreview(
  app: App,
  context: AppContext,
  sessions: SessionService,
  inject: Inject,
  holds: ImportHolds,
) {
  const { memberPage } = pageFrames(sessions, context.clock);
  const heldFor = (page: SignedInPage, id: string) => {
    const held = holds.get(id, page.principal.member.id, page.principal.tenant.id);
    if (!held) throw new AppError('NOT_FOUND', page.t('sheets.gone'));
    return held;
  };
  const show = (reply: FastifyReply, status: number, frame: PageFrame, held: HeldImport, extra = {}) =>
    renderPage(reply, status, 'passport-import-preview', frame, { ...importView(held), ...extra });

  app.get(
    '/console/passports/import/:hold',
    { config: { access: MEMBER_PAGE }, schema: { hide, params: HoldParams, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'sheets.previewTitle', async (page, frame) => {
        const held = heldFor(page, request.params.hold);
        const title = page.t(held.done ? 'sheets.reportTitle' : 'sheets.previewTitle');
        return show(reply, 200, { ...frame, title }, held);
      }),
  );

  app.post(
    '/console/passports/import/:hold',
    { config: { access: MEMBER_PAGE }, schema: { hide, params: HoldParams, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'sheets.previewTitle', async (page, frame) => {
        checkFormCsrf(page.principal, request.body, sessions.keys.sameCsrfToken);
        const held = heldFor(page, request.params.hold);
        const publish = formFields(request.body).publish === 'yes';
        try {
          await confirmImport(inject, page, frame.lang, held, publish);
        } catch (error) {
          // Nothing to send, or the API refused the batch: the preview again, with the reason.
          if (error instanceof AppError && error.status < 500)
            return show(reply, error.status, frame, held, { error: error.message });
          throw error;
        }
        return seeOther(reply, `/console/passports/import/${held.id}`);
      }),
  );
}
