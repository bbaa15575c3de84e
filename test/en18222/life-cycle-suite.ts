// What the EN 18222 Life Cycle API tests share: an app on a clock they can move, two workspaces
// with an operator each, calls on /v1 with the workspace's key, and the check of a clause 7.2
// Result object (never the /api/v1 error body).
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect } from 'vitest';
import type { App } from '../../src/context.ts';
import { isResultObject } from '../../src/domain/en18222/index.ts';
import { bearer, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { createOperator } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

export type Doc = Record<string, unknown> & {
  id: string;
  productId: string;
  metadata: Record<string, unknown>;
};

export const metadataOf = (passport: Record<string, unknown>) =>
  passport.metadata as Record<string, Record<string, unknown>>;

const MERGE_PATCH = { 'content-type': 'application/merge-patch+json' };

/** A failure on /v1: the status, the Result object with the request id, and one message's code. */
export function expectResult(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(isResultObject(body), response.body).toBe(true);
  expect(body).not.toHaveProperty('success');
  expect(body.messages[0]).toMatchObject({
    messageType: status >= 500 ? 'Exception' : 'Error',
    code,
    correlationId: response.headers['x-request-id'],
  });
  return body.messages as { text: string; code: string }[];
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

export interface LifeCycleSuite {
  readonly app: App;
  readonly workspace: TestWorkspace;
  /** Another workspace, whose DPPs this one must never reach. */
  readonly other: TestWorkspace;
  /** The app's clock, in epoch milliseconds: a test moves it to write history at known dates. */
  now: number;
  call: (
    method: Method,
    url: string,
    payload?: unknown,
    token?: string,
    headers?: Record<string, string>,
  ) => Promise<LightMyRequestResponse>;
  /** An RFC 7396 merge patch. */
  patch: (url: string, body: unknown, token?: string) => Promise<LightMyRequestResponse>;
  /** How many versions a passport's history holds. */
  historyTotal: (id: string) => Promise<number>;
}

/** Registers the suite's app and workspaces (made before its tests, closed after them). */
export function lifeCycleSuite(): LifeCycleSuite {
  let now = Date.parse('2026-06-01T10:00:00.000Z');
  const app = useTestApp({ clock: () => new Date(now) });
  let workspace: TestWorkspace;
  let other: TestWorkspace;
  beforeAll(async () => {
    workspace = await createWorkspace(app);
    other = await createWorkspace(app);
    await createOperator(app, workspace);
    await createOperator(app, other);
  });

  const call: LifeCycleSuite['call'] = (method, url, payload, token = workspace.token, headers = {}) =>
    app.inject({
      method,
      url,
      headers: { ...bearer(token), ...headers },
      ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
      ...(payload !== undefined && !headers['content-type']
        ? { headers: { ...bearer(token), 'content-type': 'application/json', ...headers } }
        : {}),
    });
  const patch: LifeCycleSuite['patch'] = (url, body, token = workspace.token) =>
    call('PATCH', url, body, token, MERGE_PATCH);
  const historyTotal = async (id: string) =>
    (await call('GET', `/api/v1/passports/${id}/history`)).json().total as number;

  return {
    get app() {
      return app;
    },
    get workspace() {
      return workspace;
    },
    get other() {
      return other;
    },
    get now() {
      return now;
    },
    set now(at: number) {
      now = at;
    },
    call,
    patch,
    historyTotal,
  };
}
