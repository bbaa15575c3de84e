// Manufacturing facilities of the workspace, identified by GS1 GLN-13: register, list, read,
// replace (GLN immutable), delete (passports unlinked, never deleted). Served by the parties module
// rather than by facilities: a replacement or a deletion reaches the passports that show the
// facility, which stand above facilities.
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { errorResponses, TENANT_ERRORS } from '../../core/schemas.ts';
import { actorOf } from '../../http/request-actor.ts';
import {
  CreateFacilityBody,
  FacilityIdParams,
  FacilityListQuery,
  FacilityListResponse,
  FacilityResponse,
  ReplaceFacilityBody,
} from '../facilities/schemas.ts';
import * as facilities from '../facilities/service.ts';
import * as parties from './service.ts';

const read = { kind: 'tenant', permission: 'facility:read' } as const;
const write = { kind: 'tenant', permission: 'facility:write' } as const;
const tags = ['Facilities'];

export async function facilityRoutes(app: App, context: AppContext): Promise<void> {
  collectionRoutes(app, context);
  itemRoutes(app, context);
}

/** The workspace's facilities as a collection: register one, list them. */
function collectionRoutes(app: App, context: AppContext): void {
  app.post(
    '/api/v1/facilities',
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Register a facility by its GS1 GLN',
        body: CreateFacilityBody,
        response: { 201: FacilityResponse, ...errorResponses(...TENANT_ERRORS, 409) },
      },
    },
    async (request, reply) => {
      const facility = await facilities.createFacility(context, actorOf(request), request.body);
      return reply.code(201).send({ success: true, facility });
    },
  );

  app.get(
    '/api/v1/facilities',
    {
      config: { access: read },
      schema: {
        tags,
        summary: "List the workspace's facilities (optionally of one operator)",
        querystring: FacilityListQuery,
        response: { 200: FacilityListResponse, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request) => {
      const list = await facilities.listFacilities(context, actorOf(request), request.query.operatorId);
      return { success: true as const, count: list.length, facilities: list };
    },
  );
}

/** One facility: read, replace, delete. */
function itemRoutes(app: App, context: AppContext): void {
  app.get(
    '/api/v1/facilities/:id',
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'Fetch one facility, street address included',
        params: FacilityIdParams,
        response: { 200: FacilityResponse, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request) => ({
      success: true as const,
      facility: await facilities.readFacility(context, actorOf(request), request.params.id),
    }),
  );

  app.put(
    '/api/v1/facilities/:id',
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Replace name, activity, country, address and operator; the GLN is immutable',
        params: FacilityIdParams,
        body: ReplaceFacilityBody,
        response: { 200: FacilityResponse, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request) => ({
      success: true as const,
      facility: await parties.replaceFacility(context, actorOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/v1/facilities/:id',
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Delete a facility; its passports are unlinked, never deleted',
        params: FacilityIdParams,
        response: { 204: Type.Null(), ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request, reply) => {
      await parties.deleteFacility(context, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
