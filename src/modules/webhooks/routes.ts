// Webhook subscriptions and the delivery log (the spec's Webhooks table).
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { errorResponses, readInteger, TENANT_ERRORS } from '../../core/schemas.ts';
import { actorOf } from '../../http/request-actor.ts';
import {
  CreateSubscriptionBody,
  DeliveryListQuery,
  DeliveryListResponse,
  SubscriptionCreatedResponse,
  SubscriptionIdParams,
  SubscriptionListResponse,
  SubscriptionResponse,
  TestResponse,
  UpdateSubscriptionBody,
} from './schemas.ts';
import * as webhooks from './service.ts';

const read = { kind: 'tenant', permission: 'webhook:read' } as const;
const write = { kind: 'tenant', permission: 'webhook:write' } as const;
const tags = ['Webhooks'];

export async function webhookRoutes(app: App, appContext: AppContext): Promise<void> {
  const context: webhooks.WebhookContext = {
    ...appContext,
    webhooks: {
      allowInsecure: appContext.config.webhookAllowInsecureTargets,
      timeoutMs: appContext.config.webhookTimeoutMs,
    },
  };
  subscriptionRoutes(app, context);
  secretAndTestRoutes(app, context);
  deliveryRoutes(app, context);
}

/** Subscriptions listed, registered, changed and deleted. */
function subscriptionRoutes(app: App, context: webhooks.WebhookContext): void {
  app.get(
    '/api/v1/webhooks/subscriptions',
    {
      config: { access: read },
      schema: {
        tags,
        summary: "List the workspace's webhook subscriptions (signing secrets stripped)",
        response: { 200: SubscriptionListResponse, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request) => {
      const subscriptions = await webhooks.listSubscriptions(context, actorOf(request));
      return { success: true as const, count: subscriptions.length, subscriptions };
    },
  );

  app.post(
    '/api/v1/webhooks/subscriptions',
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Register a subscription; the signing secret is returned once',
        body: CreateSubscriptionBody,
        response: { 201: SubscriptionCreatedResponse, ...errorResponses(...TENANT_ERRORS, 409) },
      },
    },
    async (request, reply) => {
      const created = await webhooks.createSubscription(context, actorOf(request), request.body);
      return reply.code(201).send({ success: true, ...created });
    },
  );

  app.patch(
    '/api/v1/webhooks/subscriptions/:id',
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Change url, events or active',
        params: SubscriptionIdParams,
        body: UpdateSubscriptionBody,
        response: { 200: SubscriptionResponse, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request) => ({
      success: true as const,
      subscription: await webhooks.updateSubscription(
        context,
        actorOf(request),
        request.params.id,
        request.body,
      ),
    }),
  );

  app.delete(
    '/api/v1/webhooks/subscriptions/:id',
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Delete a subscription; events still waiting for it are dropped',
        params: SubscriptionIdParams,
        response: { 204: Type.Null(), ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request, reply) => {
      await webhooks.deleteSubscription(context, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}

/** A subscription's signing secret rotated, and a test event sent to it. */
function secretAndTestRoutes(app: App, context: webhooks.WebhookContext): void {
  app.post(
    '/api/v1/webhooks/subscriptions/:id/rotate-secret',
    {
      config: { access: write },
      schema: {
        tags,
        summary:
          'Rotate the signing secret; the new one is returned once, the old one signs beside it for 24 h',
        params: SubscriptionIdParams,
        response: { 200: SubscriptionCreatedResponse, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await webhooks.rotateSecret(context, actorOf(request), request.params.id)),
    }),
  );

  app.post(
    '/api/v1/webhooks/subscriptions/:id/test',
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Send a signed webhook.test event now and answer how the receiver took it',
        params: SubscriptionIdParams,
        response: { 200: TestResponse, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request) => webhooks.sendTestEvent(context, actorOf(request), request.params.id),
  );
}

/** The delivery log, newest first. */
function deliveryRoutes(app: App, context: webhooks.WebhookContext): void {
  app.get(
    '/api/v1/webhooks/deliveries',
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'Recent delivery attempts, newest first, cursor-paged',
        querystring: DeliveryListQuery,
        response: { 200: DeliveryListResponse, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request) => {
      const limit = readInteger(request.query.limit, 50, 1, 200);
      const page = await webhooks.listDeliveries(context, actorOf(request), request.query, limit);
      return { success: true as const, count: page.deliveries.length, ...page };
    },
  );
}
