// Bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069) are refused
// in every name and free text that pages show, through the one body check every route shares
// (src/domain/json/hygiene.ts): 400 BAD_REQUEST with the path of the offending value.
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, BASE_URL, bearer, createWorkspace, randomIp, type TestWorkspace } from '../helpers/app.ts';
import { batteryMetadata, createOperator, createPassport, newGtin13 } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const RLO = '\u202e';
const ISOLATE = '\u2067';
const host = new URL(BASE_URL).host;

describe('bidirectional controls in names and free text', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  let passportId: string;
  beforeAll(async () => {
    workspace = await createWorkspace(app);
    await createOperator(app, workspace);
    passportId = (await createPassport(app, workspace.token)).id;
  });

  const send = (
    method: 'POST' | 'PATCH',
    url: string,
    payload: Record<string, unknown>,
    headers = bearer(workspace.token),
  ) => app.inject({ method, url, headers, payload });

  function expectRefused(response: Awaited<ReturnType<typeof send>>, path: string) {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'BAD_REQUEST', path });
    expect(response.json().message).toMatch(/bidirectional control character \(U\+(202E|2067)\)/);
  }

  it('refuses them in workspace, operator, facility and key names', async () => {
    expectRefused(
      await send(
        'POST',
        '/admin/v1/workspaces',
        { name: `Acme${RLO}gpj.exe`, subdomain: 'bidi-ws', tier: 'starter' },
        admin,
      ),
      '/name',
    );
    expectRefused(
      await send('POST', '/api/v1/operators', {
        name: `VoltCell${RLO} GmbH`,
        regIdScheme: 'DE-HRB',
        regId: 'HRB998877',
        role: 'MANUFACTURER',
        country: 'DE',
      }),
      '/name',
    );
    expectRefused(
      await send('POST', '/api/v1/facilities', {
        gln: '4012345000009',
        name: 'Plant',
        activity: 'manufacturing',
        country: 'DE',
        address: { street: `Werkstraße ${ISOLATE}1`, postalCode: '38239', city: 'Salzgitter' },
      }),
      '/address/street',
    );
    expectRefused(await send('POST', '/api/v1/keys', { name: `ci${RLO}key`, role: 'AUDITOR' }), '/name');
  });

  it("refuses them in a passport's free text, on create, update and in a bulk row", async () => {
    const metadata = batteryMetadata();
    (metadata.generalInformation as Record<string, unknown>).batteryModel = `VoltPack ${RLO}57`;
    expectRefused(
      await send('POST', '/api/v1/passports', { productId: newGtin13(), category: 'batteries', metadata }),
      '/metadata/generalInformation/batteryModel',
    );
    expectRefused(
      await send('PATCH', `/api/v1/passports/${passportId}`, { metadata }),
      '/metadata/generalInformation/batteryModel',
    );
    const bulk = await send('POST', '/api/v1/passports/bulk', {
      passports: [{ productId: newGtin13(), category: 'batteries', metadata }],
    });
    expect(JSON.stringify(bulk.json())).toMatch(/bidirectional control character/);
    expect(bulk.json().created ?? []).toHaveLength(0);
  });

  it('refuses them in the public access-request form', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/request-access/${passportId}`,
      headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: randomIp(),
      payload: new URLSearchParams({
        organisation: `Recycler${RLO} Ltd`,
        role: 'RECYCLER',
        name: 'Sam',
        email: 'sam@example.com',
        purpose: 'Dismantling',
      }).toString(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain(RLO);
  });
});
