// Webhooks in the console: the subscriptions (create with the signing secret shown once, change,
// delete, rotate the secret with the new one shown once, send a test event and show how the receiver
// took it) and the delivery log a cursor page at a time. Every action goes through the webhooks API.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import { SUBSCRIBABLE } from '../../domain/webhooks/kinds.ts';
import { cursorQuery, expectStatus } from './api-refusal.ts';
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

const hide = true;
const CursorQuery = Type.Object({ cursor: Type.Optional(Type.String({ maxLength: 200 })) });
const API = '/api/v1/webhooks/subscriptions';

/** The subscription form as the API's body: a box left unticked is `active: false`. */
const subscriptionBody = (body: unknown) => ({
  url: (formFields(body).url ?? '').trim(),
  events: formAll(body, 'events'),
  active: formFields(body).active === 'on',
});

export async function webhookPages(app: App, context: AppContext, sessions: SessionService, inject: Inject) {
  const { signedIn, refusal, memberPage } = pageFrames(sessions, context.clock);

  async function listPage(page: SignedInPage, extra: Record<string, unknown> = {}) {
    const list = expectStatus(await callApi(inject, page.principal, 'GET', API), 200);
    return { subscriptions: list.subscriptions, kinds: SUBSCRIBABLE, form: { active: 'on' }, ...extra };
  }

  /** One subscription's page model; the API lists subscriptions only, so it is found in the list. */
  async function subscriptionPage(page: SignedInPage, id: string, extra: Record<string, unknown> = {}) {
    const list = expectStatus(await callApi(inject, page.principal, 'GET', API), 200);
    const found = (list.subscriptions as { id: string }[]).find((subscription) => subscription.id === id);
    if (!found) throw new AppError('NOT_FOUND', page.t('trust.webhooks.notFound'));
    return { subscription: found, kinds: SUBSCRIBABLE, ...extra };
  }

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
    async (request, reply) => {
      const page = await signedIn(request, reply);
      if (!page) return reply;
      const frame = page.frame(page.t('trust.webhooks.title'));
      try {
        checkFormCsrf(page.principal, request.body, sessions.keys.sameCsrfToken);
        const body = subscriptionBody(request.body);
        const created = await callApi(inject, page.principal, 'POST', API, body);
        if (created.status !== 201) {
          const form = { url: body.url, events: body.events, active: body.active ? 'on' : '' };
          return renderPage(reply, created.status, 'webhooks', frame, {
            ...(await listPage(page, { form })),
            error: apiMessage(created.body),
          });
        }
        return renderPage(reply, 201, 'webhooks', frame, await listPage(page, { created: created.body }));
      } catch (error) {
        return refusal(reply, error, frame, 'message', { message: '' });
      }
    },
  );

  app.get(
    '/console/webhooks/deliveries',
    { config: { access: MEMBER_PAGE }, schema: { hide, querystring: CursorQuery, response: PAGE_ANSWERS } },
    async (request, reply) =>
      memberPage(request, reply, 'trust.deliveries.title', async (page, frame) => {
        const search = new URLSearchParams({ limit: '50' });
        if (request.query.cursor) search.set('cursor', request.query.cursor);
        const [log, list] = await Promise.all([
          callApi(inject, page.principal, 'GET', `/api/v1/webhooks/deliveries?${search}`),
          callApi(inject, page.principal, 'GET', API),
        ]);
        const urls = Object.fromEntries(
          (list.status === 200 ? (list.body.subscriptions as { id: string; url: string }[]) : []).map(
            (subscription) => [subscription.id, subscription.url],
          ),
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
  function subscriptionAction(
    action: string,
    call: (
      page: SignedInPage,
      request: FastifyRequest<{ Params: { id: string } }>,
    ) => ReturnType<typeof callApi>,
    shown: (page: SignedInPage, body: Record<string, unknown>) => Record<string, unknown>,
  ) {
    app.post(
      `/console/webhooks/:id/${action}`,
      { config: { access: MEMBER_PAGE }, schema: { hide, params: UuidParams, response: PAGE_ANSWERS } },
      async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) =>
        memberPage(request, reply, 'trust.webhooks.one', async (page, frame) => {
          checkFormCsrf(page.principal, request.body, sessions.keys.sameCsrfToken);
          const answer = await call(page, request);
          if (answer.status === 204) return seeOther(reply, '/console/webhooks');
          const outcome =
            answer.status === 200 ? shown(page, answer.body) : { error: apiMessage(answer.body) };
          const model = await subscriptionPage(page, request.params.id, outcome);
          return renderPage(reply, answer.status, 'webhook', frame, model);
        }),
    );
  }

  const at = (request: FastifyRequest<{ Params: { id: string } }>) => `${API}/${request.params.id}`;
  subscriptionAction(
    'edit',
    (page, request) => callApi(inject, page.principal, 'PATCH', at(request), subscriptionBody(request.body)),
    (page) => ({ notice: page.t('trust.webhooks.saved') }),
  );
  subscriptionAction(
    'delete',
    (page, request) => callApi(inject, page.principal, 'DELETE', at(request)),
    () => ({}),
  );
  subscriptionAction(
    'rotate',
    (page, request) => callApi(inject, page.principal, 'POST', `${at(request)}/rotate-secret`),
    (_page, body) => ({ secret: body.secret }),
  );
  subscriptionAction(
    'test',
    (page, request) => callApi(inject, page.principal, 'POST', `${at(request)}/test`),
    (_page, body) => ({ tested: body }),
  );
}
