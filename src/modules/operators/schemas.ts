import { Type } from 'typebox';
import { Timestamp, Uuid } from '../../core/schemas.ts';
import { OPERATOR_ROLES, SCHEME_PATTERN } from '../../domain/operators/registration.ts';
import { AdvisoryItemSchema } from '../categories/schemas.ts';

export const OperatorRoleSchema = Type.Enum(OPERATOR_ROLES);
export const CountryCode = Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2' });

/** A postal address. Stored and shown to the workspace only; public views never carry it. */
export const AddressSchema = Type.Object(
  {
    street: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    postalCode: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
    city: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    region: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    country: Type.Optional(CountryCode),
  },
  { additionalProperties: false },
);

const Name = Type.String({ minLength: 1, maxLength: 200 });

export const CreateOperatorBody = Type.Object(
  {
    name: Name,
    regId: Type.String({ minLength: 1, maxLength: 64 }),
    regIdScheme: Type.String({ pattern: SCHEME_PATTERN, description: '`EORI` or a national registry code' }),
    role: OperatorRoleSchema,
    country: Type.Optional(CountryCode),
    address: Type.Optional(AddressSchema),
  },
  { additionalProperties: false },
);

export const UpdateOperatorBody = Type.Object(
  {
    name: Type.Optional(Name),
    role: Type.Optional(OperatorRoleSchema),
    country: Type.Optional(Type.Union([CountryCode, Type.Null()])),
    address: Type.Optional(Type.Union([AddressSchema, Type.Null()])),
    // Declared so that sending them earns "regId is immutable" rather than a generic refusal.
    regId: Type.Optional(Type.Unknown({ description: 'immutable: present → 400' })),
    regIdScheme: Type.Optional(Type.Unknown({ description: 'immutable: present → 400' })),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const OperatorSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  regId: Type.String(),
  regIdScheme: Type.String(),
  role: OperatorRoleSchema,
  country: Type.Union([Type.String(), Type.Null()]),
  address: Type.Union([AddressSchema, Type.Null()]),
  economicOperatorId: Type.String({ description: '`<scheme-code>:<regId>`' }),
  registryStatus: Type.Union([
    Type.Literal('confirmed'),
    Type.Literal('not_found'),
    Type.Literal('unchecked'),
  ]),
  archivedAt: Type.Union([Timestamp, Type.Null()]),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

const OperatorWithCount = Type.Intersect([
  OperatorSchema,
  Type.Object({ passportCount: Type.Integer({ minimum: 0 }) }),
]);

export const CreatedOperatorResponse = Type.Object({
  success: Type.Literal(true),
  operator: OperatorSchema,
  warnings: Type.Optional(Type.Array(AdvisoryItemSchema)),
});

export const OperatorResponse = Type.Object({ success: Type.Literal(true), operator: OperatorWithCount });
export const UpdatedOperatorResponse = Type.Object({ success: Type.Literal(true), operator: OperatorSchema });

export const OperatorListResponse = Type.Object({
  success: Type.Literal(true),
  count: Type.Integer(),
  operators: Type.Array(OperatorWithCount),
});

export const ArchivedOperatorResponse = Type.Object({
  success: Type.Literal(true),
  operator: OperatorSchema,
  archived: Type.Literal(true),
  archivedPassports: Type.Integer({ minimum: 0 }),
});

export const RestoredOperatorResponse = Type.Object({
  success: Type.Literal(true),
  operator: OperatorSchema,
  restoredPassports: Type.Integer({ minimum: 0 }),
});

export const OperatorIdParams = Type.Object({ id: Uuid });

export const OperatorListQuery = Type.Object({
  includeArchived: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
});
