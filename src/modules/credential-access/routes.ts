// The OpenID4VP verifier's public routes (docs/credential-access.md): a presentation request is
// started (by the request-access page or any client), fetched by a wallet, answered by the wallet's
// direct_post, and its result is polled by the page that showed the QR code; the same-device
// redirect hands the session to the wallet's browser. Both POSTs count against the validator budget.
import type { FastifyReply } from 'fastify';
import type { App, AppContext } from '../../context.ts';
import { errorResponses } from '../../core/schemas.ts';
import { sendJson } from '../../http/reply.ts';
import {
  AuthorizationRequest,
  IdParams,
  PresentationAccepted,
  PresentationRefusal,
  PresentationRequestBody,
  PresentationRequestCreated,
  PresentationResponseBody,
  ResultGone,
  ResultPending,
  ResultSession,
  SessionQuery,
} from './schemas.ts';
import {
  answerPresentation,
  type CredentialContext,
  collectSameDevice,
  createPresentationRequest,
  presentationRequest,
  presentationResult,
  SESSION_COOKIE,
  sessionCookieOptions,
} from './service.ts';

const tags = ['Credential access'];
const FORM_LIMIT = 300 * 1024;
const PRIVATE = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };

const setSessionCookie = (reply: FastifyReply, context: AppContext, token: string) =>
  reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(context.baseUrl));

export async function verifierRoutes(app: App, context: AppContext): Promise<void> {
  const credentialContext = { ...context, statusAllowInsecure: context.config.credentialStatusAllowInsecure };
  const budget = { kind: 'public', budget: 'validator' } as const;
  const readBudget = { kind: 'public', budget: 'anonymous' } as const;

  app.post(
    '/access/v1/presentation-requests',
    {
      config: { access: budget },
      schema: {
        tags,
        summary: 'Start an OpenID4VP presentation of a credential from a trusted issuer (valid 5 minutes)',
        body: PresentationRequestBody,
        response: { 201: PresentationRequestCreated, ...errorResponses(400, 404, 409, 429, 500) },
      },
    },
    async (request, reply) => {
      reply.headers(PRIVATE);
      return reply.code(201).send(await createPresentationRequest(context, request.body ?? {}));
    },
  );

  app.get(
    '/access/v1/presentation-requests/:id',
    {
      config: { access: readBudget },
      schema: {
        tags,
        summary: 'The Authorization Request of an open transaction, for wallets that fetch it by request_uri',
        params: IdParams,
        response: { 200: AuthorizationRequest, ...errorResponses(404, 429, 500) },
      },
    },
    async (request, reply) => {
      reply.headers(PRIVATE);
      return sendJson(reply, 200, await presentationRequest(context, request.params.id));
    },
  );

  resultRoutes(app, context, readBudget);
  // Form posts only here: the parser is registered in this plugin's own scope.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_LIMIT },
      (_request, text, done) => {
        const body: Record<string, string> = {};
        for (const [name, value] of new URLSearchParams(String(text)))
          if (!(name in body)) body[name] = value;
        done(null, body);
      },
    );
    responseRoute(scope, credentialContext, budget);
  });
}

function resultRoutes(app: App, context: AppContext, readBudget: { kind: 'public'; budget: 'anonymous' }) {
  app.get(
    '/access/v1/presentation-requests/:id/result',
    {
      config: { access: readBudget },
      schema: {
        tags,
        summary: 'Poll a transaction: pending (202), the credential session once (200), then gone (410)',
        params: IdParams,
        response: {
          200: ResultSession,
          202: ResultPending,
          410: ResultGone,
          ...errorResponses(404, 429, 500),
        },
      },
    },
    async (request, reply) => {
      reply.headers(PRIVATE);
      const result = await presentationResult(context, request.params.id);
      if (result.status === 200) setSessionCookie(reply, context, result.body.token);
      return reply.code(result.status).send(result.body);
    },
  );

  app.get(
    '/access/v1/presentation-requests/:id/session',
    {
      config: { access: readBudget },
      schema: {
        tags,
        summary:
          'The same-device redirect: puts the credential session in this browser’s cookie and goes to the passport',
        params: IdParams,
        querystring: SessionQuery,
        response: {
          303: { description: 'To the passport page (or the node’s home)' },
          ...errorResponses(400, 404, 429, 500),
        },
      },
    },
    async (request, reply) => {
      reply.headers(PRIVATE);
      const { location, session } = await collectSameDevice(
        context,
        request.params.id,
        request.query.response_code,
      );
      if (session) setSessionCookie(reply, context, session.token);
      return reply.code(303).header('location', location).send();
    },
  );
}

function responseRoute(
  app: App,
  context: CredentialContext,
  budget: { kind: 'public'; budget: 'validator' },
) {
  app.post(
    '/access/v1/presentation-responses/:id',
    {
      config: { access: budget },
      bodyLimit: FORM_LIMIT,
      schema: {
        tags,
        summary: 'The wallet’s direct_post answer (vp_token, state): verified in the documented order',
        params: IdParams,
        body: PresentationResponseBody,
        response: {
          200: PresentationAccepted,
          400: PresentationRefusal,
          ...errorResponses(413, 415, 429, 500),
        },
      },
    },
    async (request, reply) => {
      reply.headers(PRIVATE);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const answer = await answerPresentation(context, request.params.id, body);
      return reply.code(answer.status).send(answer.body);
    },
  );
}
