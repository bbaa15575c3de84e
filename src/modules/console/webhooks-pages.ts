// Webhooks in the console, one file a screen: the subscriptions list with the form that creates one
// (its signing secret shown once; here), the delivery log a cursor page at a time
// (webhook-deliveries-page.ts), and one subscription with what is done to it: change, delete, rotate
// the secret with the new one shown once, send a test event and show how the receiver took it
// (webhook-subscription-pages.ts). Every action goes through the webhooks API.
import type { App, AppContext } from '../../context.ts';
import { unresolvedHost } from '../webhooks/service.ts';
import { formPage } from './form-page.ts';
import { pageFrames } from './frame.ts';
import {
  apiMessage,
  callApi,
  checkFormCsrf,
  type Inject,
  MEMBER_PAGE,
  PAGE_ANSWERS,
  renderPage,
} from './pages.ts';
import type { SessionService } from './sessions.ts';
import { webhookDeliveriesPage } from './webhook-deliveries-page.ts';
import { webhookRefusal } from './webhook-refusal.ts';
import { subscriptionBody, targetPolicy, webhookScreens } from './webhook-screens.ts';
import { webhookSubscriptionPages } from './webhook-subscription-pages.ts';

const hide = true;
const API = '/api/v1/webhooks/subscriptions';

export async function webhookPages(app: App, context: AppContext, sessions: SessionService, inject: Inject) {
  webhookListPage(app, context, sessions, inject);
  webhookDeliveriesPage(app, context, sessions, inject);
  webhookSubscriptionPages(app, context, sessions, inject);
}

/** The subscriptions list, and a subscription created from its form. */
function webhookListPage(app: App, context: AppContext, sessions: SessionService, inject: Inject) {
  const { memberPage } = pageFrames(sessions, context.clock);
  const policy = targetPolicy(context);
  const { listPage } = webhookScreens(inject, policy);

  app.get(
    '/console/webhooks',
    { config: { access: MEMBER_PAGE }, schema: { hide, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'trust.webhooks.title', async (page, frame) =>
        renderPage(reply, 200, 'webhooks', frame, await listPage(page)),
      ),
  );

  app.post(
    '/console/webhooks',
    { config: { access: MEMBER_PAGE }, schema: { hide, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'trust.webhooks.title', async (page, frame) => {
        const body = subscriptionBody(request.body);
        const form = { url: body.url, events: body.events, active: body.active ? 'on' : '' };
        return formPage(reply, frame, {
          check: () => checkFormCsrf(page.principal, request.body, sessions.keys.sameCsrfToken),
          send: () => callApi(inject, page.principal, 'POST', API, { payload: body }),
          accepted: 201,
          done: async (created) => {
            const unresolved = await unresolvedHost(created.body.subscription.url, policy);
            const shown = await listPage(page, { created: created.body, unresolved });
            return renderPage(reply, 201, 'webhooks', frame, shown);
          },
          view: 'webhooks',
          again: async (refused) => ({
            ...(await listPage(page, { form })),
            ...webhookRefusal(apiMessage(refused.body), page),
          }),
        });
      }),
  );
}
