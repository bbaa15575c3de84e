// What every module receives from buildApp. Services take the ServiceContext (store, clock, base URL
// and the collaborators they share) and the Actor; routes receive the AppContext, which adds the
// configuration.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { Config } from './config.ts';
import type { EoriRegistry } from './core/eori-registry.ts';
import type { KeyLookup } from './core/principal.ts';
import type { Representation } from './core/representations.ts';
import type { Sealing } from './core/sealing.ts';
import type { Db } from './db/client.ts';

export interface ServiceContext {
  db: Db;
  /**
   * Where anonymous public reads may go: read replicas while they hold the primary's latest
   * changes, else the primary (db/replicas.ts). Never written to; absent, reads use `db`.
   */
  readDb?: Db;
  /** Injected so that tests can move time (key expiry, history instants). */
  clock: () => Date;
  /** PUBLIC_BASE_URL without a trailing slash: the base of every URL a document carries. */
  baseUrl: string;
  /** Looks EORI numbers up; absent when EORI_VALIDATION_URL is unset (operators stay unchecked). */
  eoriRegistry?: EoriRegistry;
  /** The master key, the seal CA from files, the TSA client. */
  sealing: Sealing;
}

export interface AppContext extends ServiceContext {
  config: Config;
  /** The principal an API key names (cached; see keys/principal-cache.ts), for routes that take optional credentials. */
  lookupKey: (token: string) => Promise<KeyLookup>;
  /** What passports and units are offered in (JSON-LD first), for every negotiating route. */
  representations: readonly Representation[];
  /** Whether the Redis of the shared request budgets answers; absent without REDIS_URL. */
  budgetStoreReachable?: () => Promise<boolean>;
  /** Rejects when the store's disk refuses a write; the embedded store on a directory only. */
  probeStoreWrite?: () => Promise<void>;
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;
