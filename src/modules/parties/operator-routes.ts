// Economic operators bound to the workspace: register (EORI or national registry id), list, read,
// update, archive or delete, restore. Served by the parties module rather than by operators: the list
// and the reads count each operator's passports, and a change reaches its passports and keys, which
// stand above operators.
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { errorResponses, TENANT_ERRORS } from '../../core/schemas.ts';
import { localisedItems } from '../../http/language.ts';
import { actorOf } from '../../http/request-actor.ts';
import { LangQuery } from '../categories/schemas.ts';
import {
  ArchivedOperatorResponse,
  CreatedOperatorResponse,
  CreateOperatorBody,
  OperatorIdParams,
  OperatorListQuery,
  OperatorListResponse,
  OperatorResponse,
  RestoredOperatorResponse,
  UpdatedOperatorResponse,
  UpdateOperatorBody,
} from '../operators/schemas.ts';
import * as operators from '../operators/service.ts';
import * as parties from './service.ts';

const read = { kind: 'tenant', permission: 'operator:read' } as const;
const write = { kind: 'tenant', permission: 'operator:write' } as const;
const tags = ['Economic operators'];
const WRITE_ERRORS = [...TENANT_ERRORS, 409];

export async function operatorRoutes(app: App, context: AppContext): Promise<void> {
  collectionRoutes(app, context);
  itemRoutes(app, context);
}

/** The workspace's operators as a collection: register one, list them. */
function collectionRoutes(app: App, context: AppContext): void {
  app.post(
    '/api/v1/operators',
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Register an economic operator and bind it to the workspace',
        querystring: LangQuery,
        body: CreateOperatorBody,
        response: { 201: CreatedOperatorResponse, ...errorResponses(...WRITE_ERRORS) },
      },
    },
    async (request, reply) => {
      const { operator, warnings } = await operators.createOperator(context, actorOf(request), request.body);
      return reply.code(201).send({
        success: true,
        operator,
        ...(warnings.length > 0 ? { warnings: localisedItems(request, warnings) } : {}),
      });
    },
  );

  app.get(
    '/api/v1/operators',
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'List the operators bound to the workspace',
        querystring: OperatorListQuery,
        response: { 200: OperatorListResponse, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request) => {
      const includeArchived = request.query.includeArchived === 'true';
      const list = await parties.listOperators(context, actorOf(request), includeArchived);
      return { success: true as const, count: list.length, operators: list };
    },
  );
}

/** One operator: read, update, archive or delete, restore. */
function itemRoutes(app: App, context: AppContext): void {
  app.get(
    '/api/v1/operators/:id',
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'Fetch one operator',
        params: OperatorIdParams,
        response: { 200: OperatorResponse, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request) => ({
      success: true as const,
      operator: await parties.readOperator(context, actorOf(request), request.params.id),
    }),
  );

  app.patch(
    '/api/v1/operators/:id',
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Update name, role, country or address; regId and regIdScheme are immutable',
        params: OperatorIdParams,
        body: UpdateOperatorBody,
        response: { 200: UpdatedOperatorResponse, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request) => ({
      success: true as const,
      operator: await parties.updateOperator(context, actorOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/v1/operators/:id',
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Archive the operator (and its passports) if it has passports, else delete it',
        params: OperatorIdParams,
        response: {
          200: ArchivedOperatorResponse,
          204: Type.Null(),
          ...errorResponses(...WRITE_ERRORS),
        },
      },
    },
    async (request, reply) => {
      const removed = await parties.removeOperator(context, actorOf(request), request.params.id);
      if (!removed.archived) return reply.code(204).send(null);
      return reply.code(200).send({ success: true, ...removed });
    },
  );

  app.post(
    '/api/v1/operators/:id/restore',
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Restore an archived operator together with its archived passports',
        params: OperatorIdParams,
        response: { 200: RestoredOperatorResponse, ...errorResponses(...WRITE_ERRORS) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await parties.restoreOperator(context, actorOf(request), request.params.id)),
    }),
  );
}
