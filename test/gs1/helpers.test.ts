// The GS1 helpers over HTTP: GTIN check digits, decoding one piece of data and a batch.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, bearer, createKey, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

describe('GS1 helpers', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  beforeAll(async () => {
    workspace = await createWorkspace(app);
  });

  const post = (url: string, payload: unknown, token = workspace.token) =>
    app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as Record<string, unknown> });
  const expectBadRequest = (response: Awaited<ReturnType<typeof post>>) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      error: expect.any(String),
      message: expect.any(String),
    });
  };

  describe('POST /api/v1/gs1/gtin', () => {
    it('computes the GTIN-14 and check digit from company prefix and item reference', async () => {
      const response = await post('/api/v1/gs1/gtin', { companyPrefix: '952012', itemReference: '345678' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ success: true, gtin: '09520123456788', checkDigit: 8, valid: true });
      const cased = await post('/api/v1/gs1/gtin', {
        companyPrefix: '4006381',
        itemReference: '33393',
        indicator: '1',
      });
      expect(cased.json()).toEqual({ success: true, gtin: '14006381333938', checkDigit: 8, valid: true });
    });

    it('checks a GTIN of any length and says which check digit it should carry', async () => {
      expect((await post('/api/v1/gs1/gtin', { gtin: '4006381333931' })).json()).toEqual({
        success: true,
        gtin: '04006381333931',
        checkDigit: 1,
        valid: true,
      });
      expect((await post('/api/v1/gs1/gtin', { gtin: '04006381333932' })).json()).toEqual({
        success: true,
        gtin: '04006381333932',
        checkDigit: 1,
        valid: false,
      });
      expect((await post('/api/v1/gs1/gtin', { gtin: '96385074' })).json()).toMatchObject({
        gtin: '00000096385074',
        valid: true,
      });
    });

    it('answers 400 for parts that do not make 12 digits, or a GTIN of another length', async () => {
      expectBadRequest(await post('/api/v1/gs1/gtin', { companyPrefix: '952012', itemReference: '3456' }));
      expectBadRequest(await post('/api/v1/gs1/gtin', { companyPrefix: '95A012', itemReference: '345678' }));
      expectBadRequest(await post('/api/v1/gs1/gtin', { gtin: '123456789' }));
      expectBadRequest(await post('/api/v1/gs1/gtin', { gtin: '12345678', companyPrefix: '1234' }));
      expectBadRequest(await post('/api/v1/gs1/gtin', {}));
    });
  });

  describe('POST /api/v1/gs1/decode', () => {
    it('decodes GS1 DataMatrix scan data into AIs, HRI, element string and the canonical link', async () => {
      const response = await post('/api/v1/gs1/decode', {
        data: ']d201095201234567881727013110LOT-7\u001d21SN.42',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        ais: [
          { ai: '01', title: 'GTIN', value: '09520123456788', valid: true },
          { ai: '17', title: 'USE BY or EXPIRY', value: '270131', valid: true },
          { ai: '10', title: 'BATCH/LOT', value: 'LOT-7', valid: true },
          { ai: '21', title: 'SERIAL', value: 'SN.42', valid: true },
        ],
        hri: '(01)09520123456788(17)270131(10)LOT-7(21)SN.42',
        elementString: '01095201234567881727013110LOT-7\u001d21SN.42',
        digitalLink: `${BASE_URL}/01/09520123456788/10/LOT-7/21/SN.42?17=270131`,
      });
    });

    it('decodes bracketed element strings and Digital Links, compressed ones too, to the same link', async () => {
      const forms = [
        '(01)05412345000013(10)ABC123',
        '010541234500001310ABC123',
        'https://id.gs1.org/01/05412345000013/10/ABC123',
        'https://id.gs1.org/gtin/5412345000013/lot/ABC123',
        'https://id.gs1.org/AQnYUc1gmiCNV4JG',
        'https://id.gs1.org/01/05412345000013/EEarwSM',
      ];
      for (const data of forms) {
        const response = await post('/api/v1/gs1/decode', { data });
        expect(response.statusCode, data).toBe(200);
        expect(response.json().digitalLink, data).toBe(`${BASE_URL}/01/05412345000013/10/ABC123`);
      }
    });

    it('reports invalid values and broken pairings per AI, without a link', async () => {
      const response = await post('/api/v1/gs1/decode', { data: '(01)09520123456789(17)271331' });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.digitalLink).toBeNull();
      expect(body.ais[0]).toMatchObject({ ai: '01', valid: false, errors: ['check digit does not match'] });
      expect(body.ais[1]).toMatchObject({ ai: '17', valid: false, errors: ['month must be 01 to 12'] });
      const orphan = (await post('/api/v1/gs1/decode', { data: '(21)ABC' })).json();
      expect(orphan.ais[0]).toMatchObject({
        ai: '21',
        valid: false,
        errors: ['requires (01) or (03) or (8006)'],
      });
    });

    it('answers 400 for data that is none of the accepted forms', async () => {
      expectBadRequest(await post('/api/v1/gs1/decode', { data: 'hello' }));
      expectBadRequest(await post('/api/v1/gs1/decode', { data: '(99' }));
      expectBadRequest(await post('/api/v1/gs1/decode', { data: '' }));
      expectBadRequest(await post('/api/v1/gs1/decode', { data: 'x'.repeat(4097) }));
      expectBadRequest(await post('/api/v1/gs1/decode', { data: 42 }));
    });

    it("reads the node's GRAI unit link as valid, with a warning naming the GS1 rule it departs from", async () => {
      const link = 'https://example.org/8003/04006381333931A7/21/S-1';
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/gs1/decode',
        headers: { ...bearer(workspace.token), 'accept-language': 'de' },
        payload: { data: link },
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body.ais).toEqual([
        { ai: '8003', title: 'GRAI', value: '04006381333931A7', valid: true },
        { ai: '21', title: expect.any(String), value: 'S-1', valid: true },
      ]);
      expect(body.digitalLink).toBe(`${BASE_URL}/8003/04006381333931A7/21/S-1`);
      expect(body.warnings).toEqual([
        {
          code: 'GS1_DIGITAL_LINK_EXTENSION',
          path: '/data',
          message: expect.stringContaining('AI (8003) takes no key qualifier'),
          friendlyMessage: expect.stringContaining('GRAI'),
        },
      ]);
      // The standard form (the serial inside AI 8003) is plain GS1: no warning.
      const standard = (
        await post('/api/v1/gs1/decode', { data: 'https://example.org/8003/04006381333931A7' })
      ).json();
      expect(standard).not.toHaveProperty('warnings');
      // A bad GRAI check digit in the same shape is still refused, as any invalid link.
      expectBadRequest(
        await post('/api/v1/gs1/decode', { data: 'https://example.org/8003/04006381333932A7/21/S-1' }),
      );
      const batch = (await post('/api/v1/gs1/decode/batch', { items: [link] })).json();
      expect(batch.results[0].warnings[0].code).toBe('GS1_DIGITAL_LINK_EXTENSION');
    });
  });

  describe('POST /api/v1/gs1/decode/batch', () => {
    it('answers every item in order, a decode answer or an error', async () => {
      const response = await post('/api/v1/gs1/decode/batch', {
        items: ['(01)09520123456788', 'nonsense', 7, 'https://id.gs1.org/8003/04965031954585'],
      });
      expect(response.statusCode, response.body).toBe(200);
      const { success, results } = response.json();
      expect(success).toBe(true);
      expect(results).toHaveLength(4);
      expect(results[0].digitalLink).toBe(`${BASE_URL}/01/09520123456788`);
      expect(results[1]).toEqual({ error: expect.any(String) });
      expect(results[2]).toEqual({ error: 'data must be a string' });
      expect(results[3].ais).toEqual([{ ai: '8003', title: 'GRAI', value: '04965031954585', valid: true }]);
    });

    it('takes up to 1,000 items and answers 400 beyond, or for none', async () => {
      const full = await post('/api/v1/gs1/decode/batch', { items: Array(1000).fill('(01)09520123456788') });
      expect(full.statusCode).toBe(200);
      expect(full.json().results).toHaveLength(1000);
      expectBadRequest(
        await post('/api/v1/gs1/decode/batch', { items: Array(1001).fill('(01)09520123456788') }),
      );
      expectBadRequest(await post('/api/v1/gs1/decode/batch', { items: [] }));
    });
  });

  it('answers any string with a decode answer or a 400, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 200 }), async (data) => {
        const response = await post('/api/v1/gs1/decode', { data });
        expect([200, 400], response.body).toContain(response.statusCode);
      }),
      { numRuns: 150 },
    );
  });

  it('serves any key of the workspace, whatever its role', async () => {
    const { token } = await createKey(app, workspace, { role: 'AUDITOR' });
    const response = await post('/api/v1/gs1/decode', { data: '(01)09520123456788' }, token);
    expect(response.statusCode, response.body).toBe(200);
  });
});
