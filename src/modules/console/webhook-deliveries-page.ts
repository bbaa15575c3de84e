// The webhook delivery log in the console, a cursor page at a time, read through the webhooks API
// as the member; the overview's "failed deliveries" link opens it on the failed ones.
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { cursorQuery, expectStatus } from './api-refusal.ts';
import { pageFrames } from './frame.ts';
import { callApi, type Inject, MEMBER_PAGE, PAGE_ANSWERS, renderPage } from './pages.ts';
import type { SessionService } from './sessions.ts';

const hide = true;

const DeliveriesQuery = Type.Object({
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
  status: Type.Optional(Type.String({ maxLength: 20 })),
});
const API = '/api/v1/webhooks/subscriptions';

export function webhookDeliveriesPage(
  app: App,
  context: AppContext,
  sessions: SessionService,
  inject: Inject,
) {
  const { memberPage } = pageFrames(sessions, context.clock);

  app.get(
    '/console/webhooks/deliveries',
    {
      config: { access: MEMBER_PAGE },
      schema: { hide, querystring: DeliveriesQuery, response: PAGE_ANSWERS },
    },
    async (request, reply) =>
      memberPage(request, reply, 'trust.deliveries.title', async (page, frame) => {
        const search = new URLSearchParams({ limit: '50' });
        if (request.query.cursor) search.set('cursor', request.query.cursor);
        // The overview's "failed deliveries" link lists those only.
        if (request.query.status === 'failed') search.set('status', 'failed');
        const [log, list] = await Promise.all([
          callApi(inject, page.principal, 'GET', '/api/v1/webhooks/deliveries', { query: search }),
          callApi(inject, page.principal, 'GET', API),
        ]);
        const urls = Object.fromEntries(
          (list.status === 200 ? list.body.subscriptions : []).map((subscription) => [
            subscription.id,
            subscription.url,
          ]),
        );
        const body = expectStatus(log, 200);
        return renderPage(reply, 200, 'deliveries', frame, {
          deliveries: body.deliveries,
          urls,
          firstPage: !request.query.cursor,
          next: cursorQuery(body.nextCursor),
        });
      }),
  );
}
