// The EN 18222 Life Cycle API at /v1, who may call it: missing and narrowed keys, unserved methods
// and paths, lapsed subscriptions, oversized bodies and spent budgets, all as the clause 7.2 Result
// object (never the /api/v1 error body on /v1, and never the Result object on /api/v1); and
// operator scope.
import { describe, expect, it } from 'vitest';
import { isResultObject } from '../../src/domain/en18222/index.ts';
import { admin, bearer, createKey, createWorkspace } from '../helpers/app.ts';
import { batteryMetadata, createOperator, createPassport, newGtin13 } from '../helpers/passports.ts';
import { expectResult, lifeCycleSuite } from './life-cycle-suite.ts';

describe('EN 18222 Life Cycle API', () => {
  const suite = lifeCycleSuite();
  const { call, patch } = suite;

  describe('authentication and permissions', () => {
    it('answers a missing or unknown key with 401 and a narrowed key with 403, as Result objects', async () => {
      const passport = await createPassport(suite.app, suite.workspace.token);
      const anonymous = await suite.app.inject({ method: 'GET', url: `/v1/dpps/${passport.id}` });
      expectResult(anonymous, 401, 'UNAUTHORIZED');
      expect(anonymous.headers['www-authenticate']).toBe('Bearer');
      expectResult(
        await call('GET', `/v1/dpps/${passport.id}`, undefined, 'opendpp_dpp_token_nope'),
        401,
        'UNAUTHORIZED',
      );
      const { token: reader } = await createKey(suite.app, suite.workspace, {
        permissions: ['passport:read'],
      });
      expect((await call('GET', `/v1/dpps/${passport.id}`, undefined, reader)).statusCode).toBe(200);
      expectResult(
        await patch(`/v1/dpps/${passport.id}`, { originCountry: 'FR' }, reader),
        403,
        'INSUFFICIENT_PERMISSION',
      );
      expectResult(
        await call('DELETE', `/v1/dpps/${passport.id}`, undefined, reader),
        403,
        'INSUFFICIENT_PERMISSION',
      );
      expectResult(
        await call(
          'POST',
          '/v1/dpps',
          { productId: newGtin13(), category: 'batteries', metadata: batteryMetadata() },
          reader,
        ),
        403,
        'INSUFFICIENT_PERMISSION',
      );
      const { token: writer } = await createKey(suite.app, suite.workspace, {
        permissions: ['passport:create'],
      });
      expectResult(
        await call('GET', `/v1/dpps/${passport.id}`, undefined, writer),
        403,
        'INSUFFICIENT_PERMISSION',
      );
    });

    it('answers an unserved method with 405 and an unknown /v1 path with 404, as Result objects', async () => {
      const passport = await createPassport(suite.app, suite.workspace.token);
      const put = await call('PUT', `/v1/dpps/${passport.id}`, {});
      expectResult(put, 405, 'METHOD_NOT_ALLOWED');
      expect(put.headers.allow).toMatch(/PATCH/);
      expectResult(await call('GET', '/v1/nothing-here'), 404, 'NOT_FOUND');
    });

    it('answers a lapsed subscription (402) and a body too large (413) as Result objects', async () => {
      const lapsed = await createWorkspace(suite.app);
      await createOperator(suite.app, lapsed);
      const passport = await createPassport(suite.app, lapsed.token);
      const patched = await suite.app.inject({
        method: 'PATCH',
        url: `/admin/v1/workspaces/${lapsed.id}`,
        headers: admin,
        payload: { subscriptionStatus: 'past_due' },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expectResult(
        await patch(`/v1/dpps/${passport.id}`, { originCountry: 'FR' }, lapsed.token),
        402,
        'SUBSCRIPTION_INACTIVE',
      );
      // Reads keep working.
      expect((await call('GET', `/v1/dpps/${passport.id}`, undefined, lapsed.token)).statusCode).toBe(200);
      const huge = await suite.app.inject({
        method: 'POST',
        url: '/v1/dpps',
        headers: { ...bearer(suite.workspace.token), 'content-type': 'application/json' },
        payload: JSON.stringify({ productId: 'x'.repeat(6 * 1024 * 1024) }),
      });
      expectResult(huge, 413, 'PAYLOAD_TOO_LARGE');
    });

    it('answers a spent budget with 429, Retry-After and a Result object', async () => {
      const growth = await createWorkspace(suite.app, 'growth');
      const url = '/v1/dpps/6f1c0a52-3d9e-4c57-9b0e-2a7d4e8f1c33';
      let response = await call('GET', url, undefined, growth.token);
      for (let i = 0; i < 200 && response.statusCode !== 429; i++) {
        response = await call('GET', url, undefined, growth.token);
      }
      expectResult(response, 429, 'RATE_LIMITED');
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('keeps the /api/v1 error body on /api/v1', async () => {
      const response = await call('GET', '/api/v1/passports/6f1c0a52-3d9e-4c57-9b0e-2a7d4e8f1c33');
      expect(response.statusCode).toBe(404);
      expect(isResultObject(response.json())).toBe(false);
      expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    });
  });

  describe('operator scope', () => {
    it("refuses an operator-scoped key another operator's DPP with 403, and leaves it out of id lists", async () => {
      const scopedSpace = await createWorkspace(suite.app);
      const mine = await createOperator(suite.app, scopedSpace);
      const theirs = await createOperator(suite.app, scopedSpace);
      const { token } = await createKey(suite.app, scopedSpace, { operatorId: mine.id });
      const own = await createPassport(suite.app, scopedSpace.token, { operatorId: mine.id });
      const foreign = await createPassport(suite.app, scopedSpace.token, {
        operatorId: theirs.id,
        status: 'DRAFT',
      });
      expect((await call('GET', `/v1/dpps/${own.id}`, undefined, token)).statusCode).toBe(200);
      expectResult(await call('GET', `/v1/dpps/${foreign.id}`, undefined, token), 403, 'OPERATOR_SCOPE');
      expectResult(
        await patch(`/v1/dpps/${foreign.id}`, { originCountry: 'FR' }, token),
        403,
        'OPERATOR_SCOPE',
      );
      expectResult(await call('DELETE', `/v1/dpps/${foreign.id}`, undefined, token), 403, 'OPERATOR_SCOPE');
      expectResult(
        await call('GET', `/v1/dppsByProductId/${foreign.productId}`, undefined, token),
        403,
        'OPERATOR_SCOPE',
      );
      expectResult(
        await call('GET', `/v1/dpps/${foreign.id}/elements/productId`, undefined, token),
        403,
        'OPERATOR_SCOPE',
      );
      const ids = await call(
        'POST',
        '/v1/dppsByProductIds',
        { productIds: [own.productId, foreign.productId] },
        token,
      );
      expect(ids.json().result).toEqual([{ productId: own.productId, dppId: own.id }]);
    });
  });
});
