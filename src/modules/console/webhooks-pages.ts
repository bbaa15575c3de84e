// Webhooks in the console: the subscriptions (create with the signing secret shown once, change,
// delete, rotate the secret with the new one shown once, send a test event and show how the receiver
// took it) and the delivery log a cursor page at a time. Every action goes through the webhooks API.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import { SUBSCRIBABLE } from '../../domain/webhooks/kinds.ts';
import { type TargetPolicy, unresolvedHost } from '../webhooks/service.ts';
import type { AnyAnswer } from './api-answers.ts';
import { cursorQuery, expectStatus, hasStatus } from './api-refusal.ts';
import { confirmPage, isConfirmed } from './confirm-step.ts';
import { withFlash } from './flash.ts';
import { formPage } from './form-page.ts';
import { pageFrames, type SignedInPage } from './frame.ts';
import {
  apiMessage,
  callApi,
  checkFormCsrf,
  formAll,
  formFields,
  type Inject,
  MEMBER_PAGE,
  PAGE_ANSWERS,
  renderPage,
  seeOther,
  UuidParams,
} from './pages.ts';
import type { SessionService } from './sessions.ts';
import { webhookRefusal } from './webhook-refusal.ts';

const hide = true;
const DeliveriesQuery = Type.Object({
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
  status: Type.Optional(Type.String({ maxLength: 20 })),
});
const API = '/api/v1/webhooks/subscriptions';
const ONE = '/api/v1/webhooks/subscriptions/{id}';

/** The subscription form as the API's body: a box left unticked is `active: false`. */
const subscriptionBody = (body: unknown) => ({
  url: (formFields(body).url ?? '').trim(),
  events: formAll(body, 'events'),
  active: formFields(body).active === 'on',
});

/** A refusal on a subscription's page: the edit form again as typed, its error at the field. */
function refusedOn(action: string, body: unknown, message: string, page: SignedInPage) {
  if (action !== 'edit') return { error: message };
  return { form: subscriptionBody(body), ...webhookRefusal(message, page) };
}

/** The list's and one subscription's page models, read through the API as the member. */
function webhookScreens(inject: Inject, policy: TargetPolicy) {
  async function listPage(page: SignedInPage, extra: Record<string, unknown> = {}) {
    const list = expectStatus(await callApi(inject, page.principal, 'GET', API), 200);
    return { subscriptions: list.subscriptions, kinds: SUBSCRIBABLE, form: { active: 'on' }, ...extra };
  }

  /** One subscription's page model; the API lists subscriptions only, so it is found in the list. */
  async function subscriptionPage(page: SignedInPage, id: string, extra: Record<string, unknown> = {}) {
    const list = expectStatus(await callApi(inject, page.principal, 'GET', API), 200);
    const found = list.subscriptions.find((subscription) => subscription.id === id);
    if (!found) throw new AppError('NOT_FOUND', page.t('trust.webhooks.notFound'));
    // A host that does not resolve now was saved; the page says so each time it is shown.
    const unresolved = await unresolvedHost(found.url, policy);
    return { subscription: found, kinds: SUBSCRIBABLE, unresolved, ...extra };
  }
  return { listPage, subscriptionPage };
}

export async function webhookPages(app: App, context: AppContext, sessions: SessionService, inject: Inject) {
  const { memberPage } = pageFrames(sessions, context.clock);
  const { listPage, subscriptionPage } = webhookScreens(inject, {
    allowInsecure: context.config.webhookAllowInsecureTargets,
  });
  const policy = { allowInsecure: context.config.webhookAllowInsecureTargets };

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

  app.get(
    '/console/webhooks/:id',
    { config: { access: MEMBER_PAGE }, schema: { hide, params: UuidParams, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'trust.webhooks.one', async (page, frame) =>
        renderPage(reply, 200, 'webhook', frame, await subscriptionPage(page, request.params.id)),
      ),
  );

  /**
   * A write on one subscription from its page: the API's answer on `ok` shows the page again with
   * what `shown` makes of the answer (a notice, a new secret, a test result); a refusal is the error.
   */
  function subscriptionAction<A extends AnyAnswer>(
    action: string,
    call: (page: SignedInPage, request: FastifyRequest<{ Params: { id: string } }>) => Promise<A>,
    shown: (page: SignedInPage, body: Extract<A, { status: 200 }>['body']) => Record<string, unknown>,
  ) {
    app.post(
      `/console/webhooks/:id/${action}`,
      { config: { access: MEMBER_PAGE }, schema: { hide, params: UuidParams, response: PAGE_ANSWERS } },
      async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) =>
        memberPage(request, reply, 'trust.webhooks.one', async (page, frame) => {
          checkFormCsrf(page.principal, request.body, sessions.keys.sameCsrfToken);
          if (action === 'delete' && !isConfirmed(request.body)) {
            const { subscription } = await subscriptionPage(page, request.params.id);
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
          const model = await subscriptionPage(page, request.params.id, outcome);
          return renderPage(reply, answer.status, 'webhook', frame, model);
        }),
    );
  }

  const at = (request: FastifyRequest<{ Params: { id: string } }>) => ({ id: request.params.id });
  subscriptionAction(
    'edit',
    (page, request) =>
      callApi(inject, page.principal, 'PATCH', ONE, {
        params: at(request),
        payload: subscriptionBody(request.body),
      }),
    (page) => ({ notice: page.t('trust.webhooks.saved') }),
  );
  subscriptionAction(
    'delete',
    (page, request) => callApi(inject, page.principal, 'DELETE', ONE, { params: at(request) }),
    () => ({}),
  );
  subscriptionAction(
    'rotate',
    (page, request) =>
      callApi(inject, page.principal, 'POST', `${ONE}/rotate-secret`, { params: at(request) }),
    (_page, body) => ({ secret: body.secret }),
  );
  subscriptionAction(
    'test',
    (page, request) => callApi(inject, page.principal, 'POST', `${ONE}/test`, { params: at(request) }),
    (_page, body) => ({ tested: body }),
  );
}
