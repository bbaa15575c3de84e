// A passport's access log in the console: the reads of grant holders, newest first, a page at a time
// by the API's cursor. Read through the access-log API as the member.
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { cursorQuery, expectStatus } from './api-refusal.ts';
import { pageFrames } from './frame.ts';
import { callApi, type Inject, MEMBER_PAGE, PAGE_ANSWERS, PassportParams, renderPage } from './pages.ts';
import type { SessionService } from './sessions.ts';

const hide = true;
const CursorQuery = Type.Object({ cursor: Type.Optional(Type.String({ maxLength: 200 })) });
const PAGE_SIZE = 50;

export async function accessLogPages(
  app: App,
  context: AppContext,
  sessions: SessionService,
  inject: Inject,
) {
  const { memberPage } = pageFrames(sessions, context.clock);

  app.get(
    '/console/passports/:id/access-log',
    {
      config: { access: MEMBER_PAGE },
      schema: { hide, params: PassportParams, querystring: CursorQuery, response: PAGE_ANSWERS },
    },
    async (request, reply) =>
      memberPage(request, reply, 'trust.accessLog.title', async (page, frame) => {
        const search = new URLSearchParams({ limit: String(PAGE_SIZE) });
        if (request.query.cursor) search.set('cursor', request.query.cursor);
        const id = encodeURIComponent(request.params.id);
        const log = expectStatus(
          await callApi(inject, page.principal, 'GET', '/api/v1/passports/{id}/access-log', {
            params: { id },
            query: search,
          }),
          200,
        );
        const title = page.t('trust.accessLog.titleOf', { product: String(log.productId) });
        return renderPage(
          reply,
          200,
          'access-log',
          { ...frame, title },
          {
            passportId: log.passportId,
            entries: log.entries,
            firstPage: !request.query.cursor,
            next: cursorQuery(log.nextCursor),
          },
        );
      }),
  );
}
