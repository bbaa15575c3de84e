// What every module's routes receive from buildApp: configuration, the store and the clock.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { EoriRegistry } from './modules/operators/eori-client.ts';

export interface AppContext {
  config: Config;
  db: Db;
  /** Injected so that tests can move time (key expiry, history instants). */
  clock: () => Date;
  /** Looks EORI numbers up; absent when EORI_VALIDATION_URL is unset (operators stay unchecked). */
  eoriRegistry?: EoriRegistry;
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;
