import { Type } from 'typebox';
import { Timestamp, Uuid } from '../../core/schemas.ts';
import { AddressSchema, CountryCode } from '../operators/schemas.ts';

const Gln = Type.String({ minLength: 1, maxLength: 32, description: 'GS1 GLN-13 with its check digit' });
const Name = Type.String({ minLength: 1, maxLength: 200 });
const Activity = Type.String({
  minLength: 1,
  maxLength: 200,
  description: 'e.g. manufacturing, assembly, recycling, remanufacturing, repair, warehousing',
});

export const CreateFacilityBody = Type.Object(
  {
    gln: Gln,
    name: Name,
    activity: Activity,
    country: CountryCode,
    address: Type.Optional(Type.Union([AddressSchema, Type.Null()])),
    operatorId: Type.Optional(Type.Union([Uuid, Type.Null()])),
  },
  { additionalProperties: false },
);

/** A full replacement: an omitted address or operatorId is cleared. The GLN may be repeated, not changed. */
export const ReplaceFacilityBody = Type.Object(
  {
    gln: Type.Optional(Gln),
    name: Name,
    activity: Activity,
    country: CountryCode,
    address: Type.Optional(Type.Union([AddressSchema, Type.Null()])),
    operatorId: Type.Optional(Type.Union([Uuid, Type.Null()])),
  },
  { additionalProperties: false },
);

export const FacilitySchema = Type.Object({
  id: Uuid,
  gln: Type.String(),
  name: Type.String(),
  activity: Type.String(),
  country: Type.String(),
  address: Type.Union([AddressSchema, Type.Null()]),
  operatorId: Type.Union([Uuid, Type.Null()]),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const FacilityResponse = Type.Object({ success: Type.Literal(true), facility: FacilitySchema });

export const FacilityListResponse = Type.Object({
  success: Type.Literal(true),
  count: Type.Integer(),
  facilities: Type.Array(FacilitySchema),
});

export const FacilityIdParams = Type.Object({ id: Uuid });

export const FacilityListQuery = Type.Object({ operatorId: Type.Optional(Uuid) });
