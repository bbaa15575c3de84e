// Drizzle schema: the single source of the SQL migrations in ./migrations (drizzle-kit generate),
// one file per area under ./schema. Every tenant-owned table leads its keys with tenant_id, so the
// schema can be distributed by tenant.
export * from './schema/audit.ts';
export * from './schema/backup.ts';
export * from './schema/backup-origin.ts';
export * from './schema/console.ts';
export * from './schema/credential-access.ts';
export * from './schema/credentials.ts';
export * from './schema/grants.ts';
export * from './schema/parties.ts';
export * from './schema/passports.ts';
export * from './schema/product-keys.ts';
export * from './schema/registry.ts';
export * from './schema/seals.ts';
export * from './schema/tenancy.ts';
export * from './schema/traceability.ts';
export * from './schema/units.ts';
export * from './schema/webhooks.ts';
