// TypeBox schemas of the unit endpoints: the records and answers the contract spells out. Bodies
// are checked by the service (the contract fixes their 400 messages), so they are described here
// for the OpenAPI document only.
import { type TSchema, Type } from 'typebox';
import { Timestamp, Uuid } from '../../core/schemas.ts';
import { EVENT_TYPES, UNIT_STATUSES } from '../../domain/units/status.ts';
import { AdvisoryItemSchema } from '../categories/schemas.ts';
import { PassportDocumentSchema } from '../passports/schemas.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const PassportUnitsParams = Type.Object({
  passportId: Type.String({ minLength: 1, maxLength: 2048 }),
});
export const UnitParams = Type.Object({ id: Uuid });

export const UnitRecordSchema = Type.Object({
  id: Uuid,
  serialNumber: Type.String(),
  /** The GS1 Digital Link, or `{base_url}/unit/{id}` where the passport has no GS1 key (docs/units.md). */
  digitalLinkUri: Type.String(),
  passportId: Uuid,
  tenantId: Uuid,
  manufacturedAt: Nullable(Timestamp),
  status: Type.Enum(UNIT_STATUSES),
  ceasedAt: Nullable(Timestamp),
  predecessorUnitId: Nullable(Uuid),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const EventRecordSchema = Type.Object({
  id: Uuid,
  batteryUnitId: Uuid,
  tenantId: Uuid,
  eventType: Type.Enum(EVENT_TYPES),
  stateOfHealth: Nullable(Type.Number()),
  cycleCount: Nullable(Type.Integer()),
  remainingCapacityAh: Nullable(Type.Number()),
  temperatureC: Nullable(Type.Number()),
  payload: Nullable(
    Type.Union([Type.Object({}, { additionalProperties: true }), Type.Array(Type.Unknown())]),
  ),
  recordedAt: Timestamp,
  createdAt: Timestamp,
});

export const UnitsBody = Type.Unknown({
  description:
    'One unit { serialNumber, status?, manufacturedAt?, predecessorUnitId?, predecessorStatus? } or { units: [unit, …] } (1–200)',
});
export const EventBody = Type.Unknown({
  description:
    '{ eventType, stateOfHealth?, cycleCount?, remainingCapacityAh?, temperatureC?, payload?, recordedAt?, status? }',
});
export const BulkEventsBody = Type.Unknown({ description: '{ events: [event, …] } with 1–1000 events' });

export const ValidateResponse = Type.Object({
  success: Type.Boolean(),
  message: Type.Optional(Type.String()),
  count: Type.Integer(),
  validCount: Type.Integer(),
  results: Type.Array(
    Type.Object({
      serialNumber: Nullable(Type.String()),
      ok: Type.Boolean(),
      error: Type.Optional(Type.String()),
    }),
  ),
});

export const SerialiseResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  count: Type.Integer(),
  units: Type.Array(UnitRecordSchema),
  errors: Type.Optional(Type.Array(Type.String())),
  warnings: Type.Optional(Type.Array(AdvisoryItemSchema)),
});

export const ListUnitsResponse = Type.Object({
  success: Type.Literal(true),
  count: Type.Integer(),
  productId: Type.String(),
  units: Type.Array(UnitRecordSchema),
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
  totalPages: Type.Integer(),
});

export const EventResponse = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  event: EventRecordSchema,
});

export const BulkEventsResponse = Type.Object({
  success: Type.Literal(true),
  count: Type.Integer(),
  events: Type.Array(EventRecordSchema),
});

export const EventListQuery = Type.Object({
  limit: Type.Optional(Type.String()),
  cursor: Type.Optional(Type.String({ maxLength: 256 })),
});

export const EventListResponse = Type.Object({
  success: Type.Literal(true),
  count: Type.Integer(),
  events: Type.Array(EventRecordSchema),
  nextCursor: Nullable(Type.String()),
});

export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({ description: 'at most 255 characters, no control characters' }),
  ),
});

const ViewNumber = Nullable(Type.Number());

/** The privileged unit view (GET /api/v1/units/{id} as JSON-LD): the unit, its state, its model. */
export const UnitViewSchema = Type.Object(
  {
    '@context': Type.Array(Type.Union([Type.String(), Type.Object({}, { additionalProperties: true })])),
    '@type': Type.Literal('BatteryUnit'),
    '@id': Type.String(),
    id: Uuid,
    serialNumber: Type.String(),
    digitalLinkUri: Type.String(),
    digitalProductPassportId: Type.String(),
    uniqueProductIdentifier: Type.String(),
    granularity: Type.Literal('item'),
    dppSchemaVersion: Type.String(),
    dppStatus: Type.String(),
    lastUpdated: Timestamp,
    economicOperatorId: Type.String(),
    contentSpecificationIds: Type.Array(Type.String()),
    status: Type.Enum(UNIT_STATUSES),
    manufacturedAt: Nullable(Timestamp),
    repurposedFrom: Nullable(Type.String()),
    successorUnits: Type.Array(Type.String()),
    ofModel: PassportDocumentSchema,
    currentState: Type.Object({
      stateOfHealth: ViewNumber,
      cycleCount: Nullable(Type.Integer()),
      remainingCapacityAh: ViewNumber,
      temperatureC: ViewNumber,
      recordedAt: Nullable(Timestamp),
    }),
    dynamicData: Type.Array(
      Type.Object({
        '@type': Type.Literal('BatteryUnitEvent'),
        eventType: Type.Enum(EVENT_TYPES),
        stateOfHealth: ViewNumber,
        cycleCount: Nullable(Type.Integer()),
        remainingCapacityAh: ViewNumber,
        temperatureC: ViewNumber,
        payload: Type.Unknown(),
        recordedAt: Timestamp,
      }),
      { maxItems: 500 },
    ),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { additionalProperties: false },
);
