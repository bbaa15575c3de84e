// The category data model's public face: served schemas, dry-run validators, material vocabulary.
import type { FastifyRequest } from 'fastify';
import type { App, AppContext } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import { errorResponses, mediaResponse, TENANT_ERRORS } from '../../core/schemas.ts';
import { listsFewer } from '../../domain/categories/engine.ts';
import { categorySchemas } from '../../domain/categories/schemas/index.ts';
import { RULE_CATEGORIES, SCHEMA_CATEGORIES, type SchemaCategory } from '../../domain/categories/types.ts';
import { materials } from '../../domain/materials/index.ts';
import { checkPassportBody } from '../../domain/passports/create-body.ts';
import { localisedItems } from '../../http/language.ts';
import {
  CategoryParams,
  LangQuery,
  MaterialsQuery,
  MaterialsResponse,
  PassportBodyForValidation,
  PublishedSchema,
  ValidationReport,
} from './schemas.ts';

const tags = ['Categories'];

/** Serialised once per app: the schema as published, its `$id` the URL it is served from. */
function publishedSchemas(baseUrl: string): Map<string, string> {
  return new Map(
    SCHEMA_CATEGORIES.map((category: SchemaCategory) => [
      category,
      JSON.stringify({ ...categorySchemas[category], $id: `${baseUrl}/api/v1/schemas/${category}` }),
    ]),
  );
}

function validationReport(request: FastifyRequest, body: Record<string, unknown>) {
  const result = checkPassportBody(body);
  return {
    success: result.errors.length === 0,
    errors: localisedItems(request, result.errors),
    warnings: localisedItems(request, result.warnings),
    notices: localisedItems(request, result.notices),
    ...(listsFewer(result) ? { truncated: true } : {}),
    ...(result.omitted ? { omitted: result.omitted } : {}),
  };
}

export async function categoryRoutes(app: App, context: AppContext): Promise<void> {
  await schemaRoute(app, context);
  await validateRoutes(app);
  await materialsRoute(app);
}

/** A category's published JSON Schema. */
async function schemaRoute(app: App, { config }: AppContext): Promise<void> {
  const published = publishedSchemas(config.publicBaseUrl);

  app.get(
    '/api/v1/schemas/:category',
    {
      schema: {
        tags,
        summary: 'ESPR metadata schema (JSON Schema 2020-12) of a category',
        params: CategoryParams,
        response: {
          200: mediaResponse('application/schema+json', PublishedSchema, 'The JSON Schema document'),
          ...errorResponses(404, 429, 500),
        },
      },
    },
    async (request, reply) => {
      const { category } = request.params;
      const schema = published.get(category);
      if (schema === undefined) {
        const ruled = (RULE_CATEGORIES as readonly string[]).includes(category);
        throw new AppError(
          'NOT_FOUND',
          ruled
            ? `The category ${category} is checked by built-in rules and has no published schema`
            : `Unknown category: ${category}; the schema-defined categories are ${SCHEMA_CATEGORIES.join(', ')}`,
        );
      }
      return reply
        .type('application/schema+json; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(schema);
    },
  );
}

/** A body checked as a create would check it, without storing it: for a member, and for anyone. */
async function validateRoutes(app: App): Promise<void> {
  app.post(
    '/api/v1/passports/validate-only',
    {
      config: { access: { kind: 'tenant', permission: 'passport:read' } },
      schema: {
        tags,
        summary: 'Dry-run validation of a passport create body; nothing is stored',
        querystring: LangQuery,
        body: PassportBodyForValidation,
        response: { 200: ValidationReport, ...errorResponses(...TENANT_ERRORS) },
      },
    },
    async (request) => validationReport(request, request.body),
  );

  app.post(
    '/api/v1/passports/validate-only-public',
    {
      config: { access: { kind: 'public', budget: 'validator' } },
      schema: {
        tags,
        summary: 'Permission-free dry-run validation (10 requests/min per IP)',
        querystring: LangQuery,
        body: PassportBodyForValidation,
        response: { 200: ValidationReport, ...errorResponses(400, 429, 500) },
      },
    },
    async (request) => validationReport(request, request.body),
  );
}

/** The materials vocabulary. */
async function materialsRoute(app: App): Promise<void> {
  app.get(
    '/api/v1/materials',
    {
      schema: {
        tags,
        summary: 'Curated material vocabulary (CAS/EC numbers, critical raw materials flagged)',
        querystring: MaterialsQuery,
        response: { 200: MaterialsResponse, ...errorResponses(400, 429, 500) },
      },
    },
    async (request) => {
      const { q, group, critical } = request.query;
      const needle = q?.trim().toLowerCase();
      const found = materials.filter(
        (material) =>
          (needle === undefined ||
            material.name.toLowerCase().includes(needle) ||
            material.id.includes(needle) ||
            material.casNumber === needle) &&
          (group === undefined || material.group === group) &&
          (critical === undefined || material.criticalRawMaterial === (critical === 'true')),
      );
      return { success: true as const, count: found.length, materials: [...found] };
    },
  );
}
