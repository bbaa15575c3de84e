// The EN 18222 Life Cycle API at /v1, its writes: create, merge-patch versioning, delete, and the
// data elements (read beside their update), with failures as the clause 7.2 Result object.
import { describe, expect, it } from 'vitest';
import { bearer } from '../helpers/app.ts';
import { batteryMetadata, createPassport, newGtin13 } from '../helpers/passports.ts';
import { type Doc, expectResult, lifeCycleSuite, metadataOf } from './life-cycle-suite.ts';

describe('EN 18222 Life Cycle API', () => {
  const suite = lifeCycleSuite();
  const { call, patch, historyTotal } = suite;

  describe('CreateDPP', () => {
    it('creates from the body of POST /api/v1/passports and answers the DPP (201, Location)', async () => {
      const productId = newGtin13();
      const response = await call('POST', '/v1/dpps', {
        productId,
        category: 'batteries',
        originCountry: 'DE',
        metadata: batteryMetadata(),
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.headers['content-type']).toMatch(/^application\/ld\+json/);
      const document = response.json() as Doc;
      expect(document).toMatchObject({ '@type': 'DigitalProductPassport', productId: `0${productId}` });
      expect(response.headers.location).toBe(`/v1/dpps/${document.id}`);
      expect((await call('GET', `/v1/dpps/${document.id}`)).json()).toEqual(document);
    });

    it('answers invalid data with one Result message per field, and a duplicate with 409', async () => {
      const invalid = await call('POST', '/v1/dpps', {
        productId: newGtin13(),
        category: 'batteries',
        metadata: {},
      });
      const messages = expectResult(invalid, 400, 'VALIDATION_FAILED');
      expect(messages.length).toBeGreaterThan(1);
      expect(messages.every((message) => message.code === 'VALIDATION_FAILED')).toBe(true);
      expectResult(await call('POST', '/v1/dpps', { unknownMember: 1 }), 400, 'BAD_REQUEST');
      const existing = await createPassport(suite.app, suite.workspace.token);
      expectResult(
        await call('POST', '/v1/dpps', {
          productId: existing.productId,
          category: 'batteries',
          metadata: batteryMetadata(),
        }),
        409,
        'CONFLICT',
      );
    });

    it('refuses malformed JSON with the Result object', async () => {
      const response = await suite.app.inject({
        method: 'POST',
        url: '/v1/dpps',
        headers: { ...bearer(suite.workspace.token), 'content-type': 'application/json' },
        payload: '{"productId": ',
      });
      expectResult(response, 400, 'BAD_REQUEST');
    });
  });

  describe('UpdateDPPById', () => {
    it('applies an RFC 7396 merge patch as a versioned update; history grows by one per change', async () => {
      const passport = await createPassport(suite.app, suite.workspace.token);
      expect(await historyTotal(passport.id)).toBe(0);
      const response = await patch(`/v1/dpps/${passport.id}`, {
        originCountry: 'FR',
        metadata: { performance: { ratedCapacity: 123 } },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/ld\+json/);
      const after = response.json() as Doc;
      expect(after.originCountry).toBe('FR');
      expect((after.metadata.performance as Record<string, unknown>).ratedCapacity).toBe(123);
      // The rest of the metadata is kept (merge, not replace).
      expect(after.metadata.generalInformation).toEqual(metadataOf(passport).generalInformation);
      const history = (await call('GET', `/api/v1/passports/${passport.id}/history`)).json();
      expect(history.total).toBe(1);
      expect(history.versions[0].changeReason).toBe('EN 18222 UpdateDPPById');
      // null removes: originCountry is cleared.
      const cleared = await patch(`/v1/dpps/${passport.id}`, { originCountry: null });
      expect(cleared.json().originCountry).toBeNull();
      expect(await historyTotal(passport.id)).toBe(2);
    });

    it('never loses a concurrent patch: each one that answers 200 is in the result, a raced one is 409', async () => {
      const passport = await createPassport(suite.app, suite.workspace.token);
      const url = `/v1/dpps/${passport.id}`;
      const [first, second] = await Promise.all([
        patch(url, { metadata: { performance: { ratedCapacity: 11 } } }),
        patch(url, { originCountry: 'NL' }),
      ]);
      const final = (await call('GET', url)).json() as Doc;
      for (const response of [first, second]) {
        if (response.statusCode !== 200) expectResult(response, 409, 'CONFLICT');
      }
      expect(first?.statusCode === 200 || second?.statusCode === 200).toBe(true);
      if (first?.statusCode === 200) {
        expect((final.metadata.performance as Record<string, unknown>).ratedCapacity).toBe(11);
      }
      if (second?.statusCode === 200) expect(final.originCountry).toBe('NL');
      const written = [first, second].filter((response) => response?.statusCode === 200).length;
      expect(await historyTotal(passport.id)).toBe(written);
    });

    it('writes nothing for a patch that changes nothing', async () => {
      const passport = await createPassport(suite.app, suite.workspace.token);
      const same = await patch(`/v1/dpps/${passport.id}`, { originCountry: 'DE' });
      expect(same.statusCode).toBe(200);
      expect(await historyTotal(passport.id)).toBe(0);
    });

    it('refuses changes an update does not write, one message per member, and writes nothing', async () => {
      const passport = await createPassport(suite.app, suite.workspace.token);
      const refused = await patch(`/v1/dpps/${passport.id}`, {
        status: 'RECALLED',
        id: 'x',
        originCountry: 'FR',
      });
      const messages = expectResult(refused, 400, 'BAD_REQUEST');
      expect(messages.map((message) => message.text)).toEqual([
        expect.stringMatching(/^\/id: /),
        expect.stringMatching(/^\/status: /),
      ]);
      expectResult(await patch(`/v1/dpps/${passport.id}`, { metadata: null }), 400, 'BAD_REQUEST');
      expectResult(await patch(`/v1/dpps/${passport.id}`, [1, 2]), 400, 'BAD_REQUEST');
      expectResult(
        await patch(`/v1/dpps/${passport.id}`, { metadata: { generalInformation: null } }),
        400,
        'VALIDATION_FAILED',
      );
      expect(await historyTotal(passport.id)).toBe(0);
    });
  });

  describe('DeleteDPPById', () => {
    it('deletes a draft (204) and refuses a published DPP (409), as our delete rules say', async () => {
      const draft = await createPassport(suite.app, suite.workspace.token, { status: 'DRAFT' });
      const deleted = await call('DELETE', `/v1/dpps/${draft.id}`);
      expect(deleted.statusCode).toBe(204);
      expect(deleted.body).toBe('');
      expectResult(await call('GET', `/v1/dpps/${draft.id}`), 404, 'NOT_FOUND');
      const active = await createPassport(suite.app, suite.workspace.token);
      expectResult(await call('DELETE', `/v1/dpps/${active.id}`), 409, 'CONFLICT');
      expect((await call('GET', `/v1/dpps/${active.id}`)).statusCode).toBe(200);
    });
  });

  describe('ReadDataElement and UpdateDataElement', () => {
    it('reads an element by dotted path, array index and JSON pointer', async () => {
      const passport = await createPassport(suite.app, suite.workspace.token);
      const read = (path: string) =>
        call('GET', `/v1/dpps/${passport.id}/elements/${encodeURIComponent(path)}`);
      const capacity = await read('metadata.performance.ratedCapacity');
      expect(capacity.statusCode, capacity.body).toBe(200);
      expect(capacity.json()).toEqual(
        (metadataOf(passport).performance as Record<string, unknown>).ratedCapacity,
      );
      expect((await read('/metadata/performance')).json()).toEqual(metadataOf(passport).performance);
      expect((await read('@context[0]')).json()).toBe((passport['@context'] as string[])[0]);
      expectResult(await read('metadata.nothing'), 404, 'NOT_FOUND');
      expectResult(await read('metadata..x'), 400, 'BAD_REQUEST');
    });

    it('patches one element as a versioned update and answers it as written', async () => {
      const passport = await createPassport(suite.app, suite.workspace.token);
      const url = `/v1/dpps/${passport.id}/elements/${encodeURIComponent('metadata.performance')}`;
      const response = await patch(url, { ratedCapacity: 77 });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        ...metadataOf(passport).performance,
        ratedCapacity: 77,
      });
      const history = (await call('GET', `/api/v1/passports/${passport.id}/history`)).json();
      expect(history.total).toBe(1);
      expect(history.versions[0].changeReason).toBe('EN 18222 UpdateDataElement');
      const scalar = await patch(`/v1/dpps/${passport.id}/elements/originCountry`, 'PL');
      expect(scalar.json()).toBe('PL');
      expect(await historyTotal(passport.id)).toBe(2);
      expectResult(await patch(`/v1/dpps/${passport.id}/elements/status`, 'RECALLED'), 400, 'BAD_REQUEST');
      expectResult(
        await patch(`/v1/dpps/${passport.id}/elements/metadata.nothing.deeper`, 1),
        404,
        'NOT_FOUND',
      );
      expect(await historyTotal(passport.id)).toBe(2);
    });
  });
});
