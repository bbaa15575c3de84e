// Registry readiness (docs/registry.md): the registry record of a passport and of a unit, the files
// to upload, and the registrations the registry answered with their proofs.
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { App } from '../../context.ts';
import { errorResponses, mediaResponses, TENANT_ERRORS } from '../../core/schemas.ts';
import { actorOf } from '../../http/request-actor.ts';
import {
  IdParams,
  OverviewResponse,
  ProofParams,
  RegistrationBody,
  RegistrationListResponse,
  RegistrationResponse,
  RegistryRecordResponse,
  SubmissionsQuery,
} from './schemas.ts';
import * as registry from './service.ts';

const tags = ['Registry'];
const Binary = Type.String({ format: 'binary' });
const read = { access: { kind: 'tenant', permission: 'passport:read' } } as const;

export async function registryRoutes(app: App, context: registry.RegistryContext): Promise<void> {
  await recordRoutes(app, context);
  await fileRoutes(app, context);
  await registrationRoutes(app, context);
}

/** The registry record of a passport and of a unit. */
async function recordRoutes(app: App, context: registry.RegistryContext): Promise<void> {
  app.get(
    '/api/v1/passports/:id/registry-record',
    {
      config: read,
      schema: {
        tags,
        summary: "The passport's EU registry record and the checks the registry makes of it, made first",
        params: IdParams,
        response: { 200: RegistryRecordResponse, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await registry.passportRecord(context, actorOf(request), request.params.id)),
    }),
  );

  app.get(
    '/api/v1/units/:id/registry-record',
    {
      config: read,
      schema: {
        tags,
        summary: "A battery unit's EU registry record (granularity item, linked to its model) and its checks",
        params: IdParams,
        response: { 200: RegistryRecordResponse, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await registry.unitRecord(context, actorOf(request), request.params.id)),
    }),
  );
}

/** The files to upload, and the overview's counts. */
async function fileRoutes(app: App, context: registry.RegistryContext): Promise<void> {
  app.get(
    '/api/v1/registry/submissions',
    {
      config: read,
      schema: {
        tags,
        summary: 'The files to upload to the EU registry (at most 100 registrations each), as a ZIP',
        querystring: SubmissionsQuery,
        response: {
          200: {
            description: 'A ZIP of JSON or XML files of at most 100 registrations each',
            content: { 'application/zip': { schema: Type.String({ format: 'binary' }) } },
          },
          ...errorResponses(...TENANT_ERRORS),
        },
      },
    },
    async (request, reply) => {
      const { status, format = 'json', units } = request.query;
      const made = await registry.submissions(context, actorOf(request), {
        status,
        format,
        units: units === 'true',
      });
      return (reply as FastifyReply)
        .code(200)
        .header('content-disposition', `attachment; filename="registry-${status}-${format}.zip"`)
        .header('x-registry-entries', String(made.entries))
        .type('application/zip')
        .send(made.zip);
    },
  );

  app.get(
    '/api/v1/registry/overview',
    {
      config: read,
      schema: {
        tags,
        summary: 'How many passports are ready for the registry, not ready, registered, and due an update',
        response: { 200: OverviewResponse, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request) => ({
      success: true as const,
      counts: await registry.readinessCounts(context, actorOf(request)),
    }),
  );
}

/** The registrations the registry answered, and their proofs. */
async function registrationRoutes(app: App, context: registry.RegistryContext): Promise<void> {
  app.post(
    '/api/v1/passports/:id/registrations',
    {
      config: { access: { kind: 'tenant', permission: 'passport:update' } },
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        tags,
        summary:
          "Record the EU registry's answer: its registration id, date, version and proof (append-only)",
        params: IdParams,
        body: RegistrationBody,
        response: { 201: RegistrationResponse, ...errorResponses(...TENANT_ERRORS, 409) },
      },
    },
    async (request, reply) => {
      const registration = await registry.recordRegistration(
        context,
        actorOf(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send({ success: true as const, registration });
    },
  );

  app.get(
    '/api/v1/passports/:id/registrations',
    {
      config: read,
      schema: {
        tags,
        summary: "The passport's registrations with the EU registry, oldest first",
        params: IdParams,
        response: { 200: RegistrationListResponse, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request) => ({
      success: true as const,
      registrations: await registry.listRegistrationsOf(context, actorOf(request), request.params.id),
    }),
  );

  app.get(
    '/api/v1/passports/:id/registrations/:registration/proof',
    {
      config: read,
      schema: {
        tags,
        summary: "The registry's proof of a registration, as recorded (kept as long as the passport)",
        params: ProofParams,
        response: {
          200: mediaResponses("The registry's PDF or signed file, in the type it was recognised as", {
            'application/pdf': Binary,
            'application/xml': Binary,
            'application/json': Binary,
            'application/octet-stream': Binary,
          }),
          ...errorResponses(...TENANT_ERRORS),
        },
      },
    },
    async (request, reply) => {
      const proof = await registry.registrationProof(
        context,
        actorOf(request),
        request.params.id,
        request.params.registration,
      );
      return (reply as FastifyReply)
        .code(200)
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="registration-${request.params.registration}"`)
        .type(proof.type)
        .send(proof.bytes);
    },
  );
}
