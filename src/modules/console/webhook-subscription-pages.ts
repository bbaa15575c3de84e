// One webhook subscription in the console: its page, and what is done to it from there (change it,
// delete it after a confirmation step, rotate its signing secret with the new one shown once, send a
// test event and show how the receiver took it), each through the webhooks API as the member.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App, AppContext } from '../../context.ts';
import type { AnyAnswer } from './api-answers.ts';
import { hasStatus } from './api-refusal.ts';
import { confirmPage, isConfirmed } from './confirm-step.ts';
import { withFlash } from './flash.ts';
import { pageFrames, type SignedInPage } from './frame.ts';
import {
  apiMessage,
  callApi,
  checkFormCsrf,
  type Inject,
  MEMBER_PAGE,
  PAGE_ANSWERS,
  renderPage,
  seeOther,
  UuidParams,
} from './pages.ts';
import type { SessionService } from './sessions.ts';
import { webhookRefusal } from './webhook-refusal.ts';
import { subscriptionBody, targetPolicy, webhookScreens } from './webhook-screens.ts';

const hide = true;
const ONE = '/api/v1/webhooks/subscriptions/{id}';

/** A refusal on a subscription's page: the edit form again as typed, its error at the field. */
function refusedOn(action: string, body: unknown, message: string, page: SignedInPage) {
  if (action !== 'edit') return { error: message };
  return { form: subscriptionBody(body), ...webhookRefusal(message, page) };
}

/** What one subscription's pages are registered with: the page frames and its page model. */
interface SubscriptionScreen {
  app: App;
  sessions: SessionService;
  memberPage: ReturnType<typeof pageFrames>['memberPage'];
  subscriptionPage: ReturnType<typeof webhookScreens>['subscriptionPage'];
}

export function webhookSubscriptionPages(
  app: App,
  context: AppContext,
  sessions: SessionService,
  inject: Inject,
) {
  const on: SubscriptionScreen = {
    app,
    sessions,
    memberPage: pageFrames(sessions, context.clock).memberPage,
    subscriptionPage: webhookScreens(inject, targetPolicy(context)).subscriptionPage,
  };
  subscriptionView(on);
  const at = (request: FastifyRequest<{ Params: { id: string } }>) => ({ id: request.params.id });
  subscriptionAction(
    on,
    'edit',
    (page, request) =>
      callApi(inject, page.principal, 'PATCH', ONE, {
        params: at(request),
        payload: subscriptionBody(request.body),
      }),
    (page) => ({ notice: page.t('trust.webhooks.saved') }),
  );
  subscriptionAction(
    on,
    'delete',
    (page, request) => callApi(inject, page.principal, 'DELETE', ONE, { params: at(request) }),
    () => ({}),
  );
  subscriptionAction(
    on,
    'rotate',
    (page, request) =>
      callApi(inject, page.principal, 'POST', `${ONE}/rotate-secret`, { params: at(request) }),
    (_page, body) => ({ secret: body.secret }),
  );
  subscriptionAction(
    on,
    'test',
    (page, request) => callApi(inject, page.principal, 'POST', `${ONE}/test`, { params: at(request) }),
    (_page, body) => ({ tested: body }),
  );
}

/** The subscription's page. */
function subscriptionView({ app, memberPage, subscriptionPage }: SubscriptionScreen) {
  app.get(
    '/console/webhooks/:id',
    { config: { access: MEMBER_PAGE }, schema: { hide, params: UuidParams, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'trust.webhooks.one', async (page, frame) =>
        renderPage(reply, 200, 'webhook', frame, await subscriptionPage(page, request.params.id)),
      ),
  );
}

/**
 * A write on one subscription from its page: the API's answer on `ok` shows the page again with
 * what `shown` makes of the answer (a notice, a new secret, a test result); a refusal is the error.
 */
function subscriptionAction<A extends AnyAnswer>(
  on: SubscriptionScreen,
  action: string,
  call: (page: SignedInPage, request: FastifyRequest<{ Params: { id: string } }>) => Promise<A>,
  shown: (page: SignedInPage, body: Extract<A, { status: 200 }>['body']) => Record<string, unknown>,
) {
  on.app.post(
    `/console/webhooks/:id/${action}`,
    { config: { access: MEMBER_PAGE }, schema: { hide, params: UuidParams, response: PAGE_ANSWERS } },
    async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) =>
      on.memberPage(request, reply, 'trust.webhooks.one', async (page, frame) => {
        checkFormCsrf(page.principal, request.body, on.sessions.keys.sameCsrfToken);
        if (action === 'delete' && !isConfirmed(request.body)) {
          const { subscription } = await on.subscriptionPage(page, request.params.id);
          return confirmPage(
            reply,
            { ...frame, title: page.t('confirm.title', { name: subscription.url }) },
            {
              question: page.t('confirm.deleteWebhook', { url: subscription.url }),
              consequence: page.t('confirm.deleteWebhookConsequence'),
              action: `/console/webhooks/${request.params.id}/delete`,
              confirmLabel: page.t('confirm.deleteSubmit'),
              back: `/console/webhooks/${request.params.id}`,
            },
          );
        }
        const answer = await call(page, request);
        if (answer.status === 204) return seeOther(reply, withFlash('/console/webhooks', 'webhookDeleted'));
        // A saved edit is a post/redirect/get; a new secret or a test result is shown once, here.
        if (action === 'edit' && answer.status === 200)
          return seeOther(reply, withFlash(`/console/webhooks/${request.params.id}`, 'webhookSaved'));
        const outcome = hasStatus(answer, 200)
          ? shown(page, answer.body)
          : refusedOn(action, request.body, apiMessage(answer.body), page);
        const model = await on.subscriptionPage(page, request.params.id, outcome);
        return renderPage(reply, answer.status, 'webhook', frame, model);
      }),
  );
}
