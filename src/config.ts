// The one place that reads process.env. Every variable is checked at boot; a bad value stops the
// boot with the variable's name in the message, so a misconfigured instance never half-starts.
import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const ConfigSchema = Type.Object({
  port: Type.Integer({ minimum: 0, maximum: 65535 }),
  host: Type.String({ minLength: 1 }),
  publicBaseUrl: Type.String({ pattern: '^https?://[^/?#]+(/[^?#]*)?$' }),
  dataDir: Type.String({ minLength: 1 }),
  databaseUrl: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  /** Streaming replicas that serve anonymous public reads while they keep up (docs/deployment.md). */
  databaseReplicaUrls: Type.Optional(Type.Array(Type.String({ pattern: '^postgres(ql)?://' }))),
  /** Where the tags of every change are posted, signed, for a shared cache to drop them. */
  cachePurgeUrl: Type.Optional(Type.String({ pattern: '^https?://[^/?#\\s]+([/?#]\\S*)?$' })),
  /** The purge hook's signing secret (`whsec_` and base64, as a webhook subscription's). */
  cachePurgeSecret: Type.Optional(Type.String({ pattern: '^whsec_[A-Za-z0-9+/]{32,}={0,2}$' })),
  redisUrl: Type.Optional(Type.String({ pattern: '^rediss?://' })),
  platformAdminToken: Type.Optional(Type.String({ minLength: 24 })),
  /** 32 bytes that encrypt secrets at rest (AES-256-GCM). */
  masterKey: Type.Optional(Type.String({ pattern: '^([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$' })),
  trustProxy: Type.Union([Type.Boolean(), Type.Integer({ minimum: 0 }), Type.Array(Type.String())]),
  logLevel: Type.Enum(LOG_LEVELS),
  /** SOAP endpoint of the EU EORI validation service; unset, EORI numbers are not looked up. */
  eoriValidationUrl: Type.Optional(Type.String({ pattern: '^https?://[^/?#\\s]+([/?#]\\S*)?$' })),
  /** PEM files of the platform seal CA; unset, the node creates its own CA on first need. */
  sealCaCert: Type.Optional(Type.String({ minLength: 1 })),
  sealCaKey: Type.Optional(Type.String({ minLength: 1 })),
  /** PEM files of the certificate (chain) and key the node serves https with; unset, it speaks http. */
  tlsCert: Type.Optional(Type.String({ minLength: 1 })),
  tlsKey: Type.Optional(Type.String({ minLength: 1 })),
  /** RFC 3161 time-stamping authority; unset, seals carry no timestamp. */
  tsaUrl: Type.Optional(Type.String({ pattern: '^https?://[^/?#\\s]+([/?#]\\S*)?$' })),
  /** Lets webhooks target http:// and loopback or private addresses: for development and tests only. */
  webhookAllowInsecureTargets: Type.Boolean(),
  /** Lets backup targets be http:// and loopback or private addresses: for development and tests only. */
  backupAllowInsecureTargets: Type.Boolean(),
  /** Lets a credential's status list be fetched over http:// and from loopback or private addresses: tests only. */
  credentialStatusAllowInsecure: Type.Boolean(),
  /** How long one webhook delivery may take before it counts as failed, in milliseconds. */
  webhookTimeoutMs: Type.Integer({ minimum: 100, maximum: 60_000 }),
  /**
   * How long one part of the service (a Fastify plugin: the docs UI, rate limits, a module's
   * routes) may take to load at boot before the boot fails naming it, in milliseconds.
   */
  pluginTimeoutMs: Type.Integer({ minimum: 1_000, maximum: 3_600_000 }),
  /** Requests per minute per client address, by kind of traffic (the spec's Limits; tunable behind a CDN). */
  rateLimits: Type.Object({
    anonymous: Type.Integer({ minimum: 1 }),
    publicResolution: Type.Integer({ minimum: 1 }),
    publicValidator: Type.Integer({ minimum: 1 }),
    authenticatedIp: Type.Integer({ minimum: 1 }),
  }),
  /**
   * How long a client may take to send a request's headers, its whole request, and how long an idle
   * keep-alive connection stays open, in milliseconds (docs/deployment.md, "Timeouts").
   */
  httpTimeouts: Type.Object({
    headersMs: Type.Integer({ minimum: 100 }),
    requestMs: Type.Integer({ minimum: 100 }),
    keepAliveMs: Type.Integer({ minimum: 100 }),
  }),
  /**
   * A backup partner whose copies this node resolves at the origin's own paths (`/passport/{id}`,
   * `/01/{gtin}`) once the origin's domain points here: custody (docs/backup.md).
   */
  custodyOf: Type.Optional(
    Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' }),
  ),
  /** Build identity, reported by GET /api/v1/version. */
  buildCommit: Type.String(),
  buildTime: Type.String(),
});

export type Config = Readonly<Static<typeof ConfigSchema>>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}"`);
  return Number(raw);
}

function positive(env: Env, name: string, fallback: number): number {
  const value = integer(env, name, fallback);
  if (value < 1) throw new ConfigError(`${name} must be at least 1, got "${env[name]}"`);
  return value;
}

function optional(env: Env, name: string): string | undefined {
  const raw = env[name];
  return raw === undefined || raw === '' ? undefined : raw;
}

/** TRUST_PROXY: true/false, a hop count, or a comma-separated list of addresses/CIDRs. */
function flag(env: Env, name: string): boolean {
  const raw = optional(env, name);
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function trustProxy(raw: string | undefined): Config['trustProxy'] {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw.split(',').map((part) => part.trim());
}

const NAMES: Record<keyof Config, string> = {
  port: 'PORT',
  host: 'HOST',
  publicBaseUrl: 'PUBLIC_BASE_URL',
  dataDir: 'DATA_DIR',
  databaseUrl: 'DATABASE_URL',
  databaseReplicaUrls: 'DATABASE_REPLICA_URLS',
  cachePurgeUrl: 'CACHE_PURGE_URL',
  cachePurgeSecret: 'CACHE_PURGE_SECRET',
  redisUrl: 'REDIS_URL',
  platformAdminToken: 'PLATFORM_ADMIN_TOKEN',
  masterKey: 'MASTER_KEY',
  trustProxy: 'TRUST_PROXY',
  logLevel: 'LOG_LEVEL',
  eoriValidationUrl: 'EORI_VALIDATION_URL',
  sealCaCert: 'SEAL_CA_CERT',
  sealCaKey: 'SEAL_CA_KEY',
  tlsCert: 'TLS_CERT',
  tlsKey: 'TLS_KEY',
  tsaUrl: 'TSA_URL',
  webhookAllowInsecureTargets: 'WEBHOOK_ALLOW_INSECURE_TARGETS',
  webhookTimeoutMs: 'WEBHOOK_TIMEOUT_MS',
  pluginTimeoutMs: 'PLUGIN_TIMEOUT_MS',
  backupAllowInsecureTargets: 'BACKUP_ALLOW_INSECURE_TARGETS',
  credentialStatusAllowInsecure: 'CREDENTIAL_STATUS_ALLOW_INSECURE',
  rateLimits: 'RATE_LIMIT_*',
  httpTimeouts: 'HTTP_*_TIMEOUT_MS',
  custodyOf: 'CUSTODY_OF',
  buildCommit: 'BUILD_COMMIT',
  buildTime: 'BUILD_TIME',
};

export function loadConfig(env: Env = process.env, defaults: Partial<Config> = {}): Config {
  const port = integer(env, 'PORT', 3000);
  const candidate = {
    port,
    host: optional(env, 'HOST') ?? '127.0.0.1',
    publicBaseUrl: (optional(env, 'PUBLIC_BASE_URL') ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    dataDir: optional(env, 'DATA_DIR') ?? './data',
    databaseUrl: optional(env, 'DATABASE_URL'),
    databaseReplicaUrls: optional(env, 'DATABASE_REPLICA_URLS')
      ?.split(',')
      .map((url) => url.trim())
      .filter((url) => url !== ''),
    cachePurgeUrl: optional(env, 'CACHE_PURGE_URL'),
    cachePurgeSecret: optional(env, 'CACHE_PURGE_SECRET'),
    redisUrl: optional(env, 'REDIS_URL'),
    platformAdminToken: optional(env, 'PLATFORM_ADMIN_TOKEN'),
    masterKey: optional(env, 'MASTER_KEY'),
    trustProxy: trustProxy(optional(env, 'TRUST_PROXY')),
    logLevel: optional(env, 'LOG_LEVEL') ?? 'info',
    eoriValidationUrl: optional(env, 'EORI_VALIDATION_URL'),
    sealCaCert: optional(env, 'SEAL_CA_CERT'),
    sealCaKey: optional(env, 'SEAL_CA_KEY'),
    tlsCert: optional(env, 'TLS_CERT'),
    tlsKey: optional(env, 'TLS_KEY'),
    tsaUrl: optional(env, 'TSA_URL'),
    webhookAllowInsecureTargets: flag(env, 'WEBHOOK_ALLOW_INSECURE_TARGETS'),
    webhookTimeoutMs: integer(env, 'WEBHOOK_TIMEOUT_MS', 10_000),
    // Fastify's own default: a part still loading after ten seconds on a sound host is stuck.
    pluginTimeoutMs: integer(env, 'PLUGIN_TIMEOUT_MS', 10_000),
    backupAllowInsecureTargets: flag(env, 'BACKUP_ALLOW_INSECURE_TARGETS'),
    credentialStatusAllowInsecure: flag(env, 'CREDENTIAL_STATUS_ALLOW_INSECURE'),
    rateLimits: {
      anonymous: positive(env, 'RATE_LIMIT_ANONYMOUS', 100),
      publicResolution: positive(env, 'RATE_LIMIT_PUBLIC_RESOLUTION', 30),
      publicValidator: positive(env, 'RATE_LIMIT_PUBLIC_VALIDATOR', 10),
      authenticatedIp: positive(env, 'RATE_LIMIT_AUTHENTICATED_IP', 60_000),
    },
    httpTimeouts: {
      headersMs: integer(env, 'HTTP_HEADERS_TIMEOUT_MS', 20_000),
      requestMs: integer(env, 'HTTP_REQUEST_TIMEOUT_MS', 60_000),
      keepAliveMs: integer(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', 72_000),
    },
    custodyOf: optional(env, 'CUSTODY_OF')?.toLowerCase(),
    buildCommit: optional(env, 'BUILD_COMMIT') ?? defaults.buildCommit ?? 'unknown',
    buildTime: optional(env, 'BUILD_TIME') ?? defaults.buildTime ?? 'unknown',
  };
  for (const key of Object.keys(candidate) as (keyof Config)[]) {
    if (candidate[key] === undefined) delete candidate[key];
  }
  if (!(LOG_LEVELS as readonly string[]).includes(candidate.logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${candidate.logLevel}"`);
  }
  const [first] = Value.Errors(ConfigSchema, candidate);
  if (first) {
    const key = first.instancePath.split('/')[1] as keyof Config | undefined;
    const name = key ? NAMES[key] : 'configuration';
    throw new ConfigError(`${name} is invalid: ${first.message}`);
  }
  if (candidate.databaseUrl && !candidate.masterKey) {
    // Several instances share one PostgreSQL: a key generated per instance would make secrets
    // written by one unreadable by the others.
    throw new ConfigError('MASTER_KEY is required when DATABASE_URL is set');
  }
  if (Boolean(candidate.cachePurgeUrl) !== Boolean(candidate.cachePurgeSecret)) {
    throw new ConfigError('CACHE_PURGE_URL and CACHE_PURGE_SECRET are set together or not at all');
  }
  if (candidate.databaseReplicaUrls && !candidate.databaseUrl) {
    throw new ConfigError('DATABASE_REPLICA_URLS needs DATABASE_URL: replicas follow a PostgreSQL primary');
  }
  if (candidate.httpTimeouts.headersMs > candidate.httpTimeouts.requestMs) {
    // Node refuses a header deadline past the request's; say so by the variables' names.
    throw new ConfigError('HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS');
  }
  if (Boolean(candidate.sealCaCert) !== Boolean(candidate.sealCaKey)) {
    throw new ConfigError('SEAL_CA_CERT and SEAL_CA_KEY are set together or not at all');
  }
  if (Boolean(candidate.tlsCert) !== Boolean(candidate.tlsKey)) {
    throw new ConfigError('TLS_CERT and TLS_KEY are set together or not at all');
  }
  return Object.freeze(candidate as Config);
}
