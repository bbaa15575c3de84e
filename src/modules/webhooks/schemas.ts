import { Type } from 'typebox';
import { Timestamp, Uuid } from '../../core/schemas.ts';

const Url = Type.String({ minLength: 1, maxLength: 2048, description: 'https URL of the receiver' });
const Events = Type.Array(
  Type.Union([
    Type.Literal('passport.ingested'),
    Type.Literal('passport.sealed'),
    Type.Literal('passport.recalled'),
    Type.Literal('batteryunit.created'),
    Type.Literal('passport.registry_update_due'),
    Type.Literal('*'),
  ]),
  { minItems: 1, maxItems: 6, uniqueItems: true },
);

export const CreateSubscriptionBody = Type.Object(
  { url: Url, events: Events, active: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

export const UpdateSubscriptionBody = Type.Object(
  { url: Type.Optional(Url), events: Type.Optional(Events), active: Type.Optional(Type.Boolean()) },
  { additionalProperties: false, minProperties: 1 },
);

export const SubscriptionSchema = Type.Object({
  id: Uuid,
  url: Type.String(),
  events: Type.Array(Type.String()),
  active: Type.Boolean(),
  /** Until when the secret before the last rotation still signs; null when none does. */
  previousSecretExpiresAt: Type.Union([Timestamp, Type.Null()]),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

const Secret = Type.String({ description: 'the signing secret (whsec_…), shown this once' });

export const SubscriptionCreatedResponse = Type.Object({
  success: Type.Literal(true),
  subscription: SubscriptionSchema,
  secret: Secret,
});

export const SubscriptionResponse = Type.Object({
  success: Type.Literal(true),
  subscription: SubscriptionSchema,
});

export const SubscriptionListResponse = Type.Object({
  success: Type.Literal(true),
  count: Type.Integer(),
  subscriptions: Type.Array(SubscriptionSchema),
});

export const SubscriptionIdParams = Type.Object({ id: Uuid });

export const DeliverySchema = Type.Object({
  id: Uuid,
  subscriptionId: Uuid,
  eventId: Uuid,
  kind: Type.String(),
  attempt: Type.Integer(),
  status: Type.Union([Type.Literal('delivered'), Type.Literal('retrying'), Type.Literal('failed')]),
  responseCode: Type.Union([Type.Integer(), Type.Null()]),
  latencyMs: Type.Integer(),
  error: Type.Union([Type.String(), Type.Null()]),
  nextAttemptAt: Type.Union([Timestamp, Type.Null()]),
  attemptedAt: Timestamp,
});

export const TestResponse = Type.Object({ success: Type.Boolean(), delivery: DeliverySchema });

export const DeliveryListQuery = Type.Object({
  subscriptionId: Type.Optional(Uuid),
  status: Type.Optional(
    Type.Union([Type.Literal('delivered'), Type.Literal('retrying'), Type.Literal('failed')]),
  ),
  limit: Type.Optional(Type.String({ description: 'integer, clamped to 1 to 200; default 50' })),
  cursor: Type.Optional(Type.String({ maxLength: 200, description: 'nextCursor of the previous page' })),
});

export const DeliveryListResponse = Type.Object({
  success: Type.Literal(true),
  count: Type.Integer(),
  deliveries: Type.Array(DeliverySchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
