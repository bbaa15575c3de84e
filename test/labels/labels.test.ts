import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createKey, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { authContract } from '../helpers/auth-contract.ts';
import { readZip } from '../helpers/carriers.ts';
import { createOperator, createPassport, uniqueSku } from '../helpers/passports.ts';
import { createUnit } from '../helpers/units.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

/** The manifest's rows as objects, by its header (no field here holds a comma or a quote). */
function manifest(csv: string) {
  const [header, ...rows] = csv.trimEnd().split('\r\n');
  const names = (header as string).split(',');
  return rows.map((row) => Object.fromEntries(row.split(',').map((value, i) => [names[i], value])));
}

describe('POST /api/v1/passports/labels', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  let battery: Awaited<ReturnType<typeof createPassport>>;
  let sku: Awaited<ReturnType<typeof createPassport>>;
  let unit: Awaited<ReturnType<typeof createUnit>>;
  beforeAll(async () => {
    workspace = await createWorkspace(app);
    await createOperator(app, workspace);
    battery = await createPassport(app, workspace.token);
    sku = await createPassport(app, workspace.token, { productId: uniqueSku() });
    unit = await createUnit(app, workspace.token, battery.id);
  });

  const post = (
    payload: Record<string, unknown>,
    token = workspace.token,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/passports/labels',
      headers: { ...bearer(token), ...headers },
      payload,
    });

  it('answers a ZIP of SVG and PDF labels with a manifest, for passports and units', async () => {
    const response = await post({ passports: [battery.id, sku.id], units: [unit.id] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="labels.zip"');
    const entries = readZip(response.rawPayload);
    expect([...entries.keys()]).toEqual([
      'manifest.csv',
      `passport-${battery.id}.svg`,
      `passport-${battery.id}.pdf`,
      `passport-${sku.id}.svg`,
      `passport-${sku.id}.pdf`,
      `unit-${unit.id}.svg`,
      `unit-${unit.id}.pdf`,
    ]);
    const rows = manifest((entries.get('manifest.csv') as Buffer).toString('utf8'));
    expect(rows.map((row) => [row.file, row.kind, row.id, row.encoded, row.symbologies])).toEqual([
      [`passport-${battery.id}.svg`, 'passport', battery.id, battery.digitalLinkUri, 'QR Code'],
      [`passport-${battery.id}.pdf`, 'passport', battery.id, battery.digitalLinkUri, 'QR Code'],
      [
        `passport-${sku.id}.svg`,
        'passport',
        sku.id,
        `https://dpp.example.test/passport/${sku.id}`,
        'QR Code',
      ],
      [
        `passport-${sku.id}.pdf`,
        'passport',
        sku.id,
        `https://dpp.example.test/passport/${sku.id}`,
        'QR Code',
      ],
      [`unit-${unit.id}.svg`, 'unit', unit.id, unit.digitalLinkUri, 'QR Code'],
      [`unit-${unit.id}.pdf`, 'unit', unit.id, unit.digitalLinkUri, 'QR Code'],
    ]);
    expect(rows[4]).toMatchObject({
      serialNumber: unit.serialNumber,
      hri: expect.stringContaining(`(21) ${unit.serialNumber}`),
    });
    const svg = (entries.get(`unit-${unit.id}.svg`) as Buffer).toString('utf8');
    expect(svg).toMatch(
      /^<\?xml[^>]*\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="[\d.]+mm" height="[\d.]+mm"/,
    );
    // One line per element string when both do not fit on one.
    expect(svg).toContain(`>(01) ${battery.productId}</text>`);
    expect(svg).toContain(`>(21) ${unit.serialNumber}</text>`);
    const pdf = entries.get(`passport-${battery.id}.pdf`) as Buffer;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toMatch(/%%EOF/);
  });

  it('leaves out a DataMatrix it cannot draw, says so in warnings.json, and keeps the QR code of batteries', async () => {
    const response = await post(
      { passports: [sku.id, battery.id], symbologies: ['datamatrix'], formats: ['svg'] },
      workspace.token,
      { 'accept-language': 'fr' },
    );
    expect(response.statusCode).toBe(200);
    const entries = readZip(response.rawPayload);
    expect([...entries.keys()]).toEqual([
      'manifest.csv',
      'warnings.json',
      `passport-${sku.id}.svg`,
      `passport-${battery.id}.svg`,
    ]);
    expect(JSON.parse((entries.get('warnings.json') as Buffer).toString('utf8'))).toEqual([
      {
        code: 'CARRIER_SYMBOLOGY_NOT_RENDERED',
        path: '/passports/0',
        message: expect.any(String),
        friendlyMessage: expect.stringContaining('GS1 DataMatrix'),
      },
    ]);
    const rows = manifest((entries.get('manifest.csv') as Buffer).toString('utf8'));
    // The SKU passport falls back to its QR code; the battery passport carries both symbols.
    expect(rows.map((row) => row.symbologies)).toEqual(['QR Code', 'QR Code + GS1 DataMatrix']);
  });

  it('draws one label for a passport named twice, by id and by productId', async () => {
    const response = await post({ passports: [battery.id, battery.productId], formats: ['pdf'] });
    expect([...readZip(response.rawPayload).keys()]).toEqual(['manifest.csv', `passport-${battery.id}.pdf`]);
  });

  it('checks the whole request before the first byte: counts, options and every id', async () => {
    const cases: [Record<string, unknown>, number][] = [
      [{}, 400],
      [{ passports: [] }, 400],
      [
        {
          passports: Array.from({ length: 150 }, () => battery.id),
          units: Array.from({ length: 51 }, () => unit.id),
        },
        400,
      ],
      [{ passports: Array.from({ length: 201 }, () => battery.id) }, 400],
      [{ passports: [battery.id], formats: ['png'] }, 400],
      [{ passports: [battery.id], formats: [] }, 400],
      [{ passports: [battery.id], symbologies: ['aztec'] }, 400],
      [{ passports: [battery.id], errorCorrection: 'X' }, 400],
      [{ passports: [battery.id], moduleSizeMm: 5 }, 400],
      [{ passports: [battery.id], format: 'svg' }, 400],
      [{ passports: [battery.id, '00000000-0000-4000-8000-000000000000'] }, 404],
      [{ units: ['00000000-0000-4000-8000-000000000000'] }, 404],
    ];
    for (const [payload, status] of cases) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
    const missing = await post({ passports: [battery.id, 'no-such-product'] });
    expect(missing.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringContaining('/passports/1'),
    });
  });

  it('takes 200 labels in one request', async () => {
    const passports = Array.from({ length: 199 }, () => sku.id);
    const response = await post({ passports, units: [unit.id], formats: ['svg'] });
    expect(response.statusCode).toBe(200);
    expect(readZip(response.rawPayload).size).toBe(3);
  });

  it('needs battery:read for unit labels, and operator scope for every label', async () => {
    const { token } = await createKey(app, workspace, { role: 'ADMIN', permissions: ['passport:read'] });
    expect((await post({ passports: [battery.id] }, token)).statusCode).toBe(200);
    const refused = await post({ units: [unit.id] }, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'INSUFFICIENT_PERMISSION' });
    const other = await createOperator(app, workspace);
    const scoped = await createKey(app, workspace, { operatorId: other.id });
    expect((await post({ passports: [battery.id] }, scoped.token)).statusCode).toBe(403);
  });

  it("answers 404 for another workspace's passport in the list", async () => {
    const other = await createWorkspace(app);
    await createOperator(app, other);
    const foreign = await createPassport(app, other.token);
    expect((await post({ passports: [battery.id, foreign.id] })).statusCode).toBe(404);
  });

  authContract({
    method: 'POST',
    path: '/api/v1/passports/labels',
    url: () => '/api/v1/passports/labels',
    permission: 'passport:read',
  });
});
