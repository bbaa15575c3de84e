// Answers kept in the store beside the passport: with the in-memory render cache off, every read
// below reaches the store, so what they show is what the kept renditions give.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonLd } from '../../src/core/representations.ts';
import { queryRows } from '../../src/db/client.ts';
import { pageRepresentation } from '../../src/modules/pages/representation.ts';
import { rendererFingerprint } from '../../src/modules/passports/renditions.ts';
import {
  BASE_URL,
  bearer,
  createKey,
  createWorkspace,
  randomIp,
  type TestWorkspace,
} from '../helpers/app.ts';
import { testDatabase } from '../helpers/db.ts';
import { batteryMetadata, createFacility, createOperator, createPassport } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const host = new URL(BASE_URL).host;

async function keptBodies(passportId: string) {
  const { db } = await testDatabase();
  return queryRows<{ variant: string; body: string }>(
    db,
    sql`select variant, body from passport_renditions where passport_id = ${passportId} order by variant`,
  );
}

async function tamperKept(passportId: string, from: string, to: string) {
  const { db } = await testDatabase();
  await db.execute(
    sql`update passport_renditions set body = replace(body, ${from}, ${to}) where passport_id = ${passportId}`,
  );
}

describe('answers kept beside the passport', () => {
  const app = useTestApp(() => ({ renderCacheTtlMs: 0 }));
  let workspace: TestWorkspace;
  let operator: { id: string };
  let facility: { id: string };
  beforeAll(async () => {
    workspace = await createWorkspace(app);
    operator = await createOperator(app, workspace, { name: 'Kept Cells GmbH' });
    facility = await createFacility(app, workspace, { name: 'Plant One' });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { host, ...headers }, remoteAddress: randomIp() });

  it('serves a public read from the bytes kept in the store, per variant', async () => {
    const passport = await createPassport(app, workspace.token, { operatorId: operator.id });
    const first = await get(`/passport/${passport.id}`);
    expect(first.statusCode).toBe(200);
    await get(`/passport/${passport.id}`, { accept: 'text/html', 'accept-language': 'de' });
    const kept = await keptBodies(passport.id);
    expect(kept.map((row) => row.variant)).toEqual(['public|application/ld+json|', 'public|text/html|de']);
    expect(kept[0]?.body).toBe(first.body);
    // Proof that the next read is the kept bytes: change them behind the node's back.
    await tamperKept(passport.id, 'Kept Cells GmbH', 'Kept Cells (kept)');
    const second = await get(`/passport/${passport.id}`);
    expect(second.body).toContain('Kept Cells (kept)');
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it('never serves a state older than the last write to the passport, its operator or its facility', async () => {
    const passport = await createPassport(app, workspace.token, {
      operatorId: operator.id,
      facilityId: facility.id,
    });
    const read = async () => (await get(`/passport/${passport.id}`)).json();
    expect((await read()).economicOperator.name).toBe('Kept Cells GmbH');

    const metadata = batteryMetadata() as { generalInformation: Record<string, unknown> };
    metadata.generalInformation.batteryModel = 'Renamed at once';
    const update = await app.inject({
      method: 'PUT',
      url: `/api/v1/passports/${passport.id}`,
      headers: bearer(workspace.token),
      payload: { metadata },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect((await read()).metadata.generalInformation.batteryModel).toBe('Renamed at once');

    const renamed = await app.inject({
      method: 'PATCH',
      url: `/api/v1/operators/${operator.id}`,
      headers: bearer(workspace.token),
      payload: { name: 'Kept Cells Europe GmbH' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await read()).economicOperator.name).toBe('Kept Cells Europe GmbH');

    const moved = await app.inject({
      method: 'PUT',
      url: `/api/v1/facilities/${facility.id}`,
      headers: bearer(workspace.token),
      payload: {
        name: 'Plant One, rebuilt',
        activity: 'manufacturing',
        country: 'AT',
        address: { street: 'Werkstraße 2', postalCode: '1010', city: 'Wien' },
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await read();
    expect(after.manufacturingFacility).toMatchObject({ name: 'Plant One, rebuilt', country: 'AT' });
    expect(JSON.stringify(after)).not.toContain('Werkstraße');

    const recalled = await app.inject({
      method: 'PUT',
      url: `/api/v1/passports/${passport.id}/status`,
      headers: bearer(workspace.token),
      payload: { status: 'RECALLED', reason: 'Thermal runaway risk in lot 7' },
    });
    expect(recalled.statusCode, recalled.body).toBe(200);
    expect((await read()).status).toBe('RECALLED');
  });

  it('keeps the owner tier apart: a draft stays private and scope is still checked', async () => {
    const draft = await createPassport(app, workspace.token, { operatorId: operator.id, status: 'DRAFT' });
    const owner = await get(`/api/v1/passports/${draft.id}`, bearer(workspace.token));
    expect(owner.statusCode, owner.body).toBe(200);
    const again = await get(`/api/v1/passports/${draft.id}`, bearer(workspace.token));
    expect(again.body).toBe(owner.body);
    expect((await keptBodies(draft.id)).map((row) => row.variant)).toEqual(['owner|application/ld+json|']);
    expect((await get(`/passport/${draft.id}`)).statusCode).toBe(404);

    const other = await createOperator(app, workspace, { name: 'Another brand' });
    const scoped = await createKey(app, workspace, { role: 'BRAND_OPERATOR', operatorId: other.id });
    const refused = await get(`/api/v1/passports/${draft.id}`, bearer(scoped.token));
    // The kept owner answer is not a way around operator scope: the same refusal as without it.
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('OPERATOR_SCOPE');
    expect(refused.body).not.toContain('Kept Cells');
  });

  it("does not serve another renderer's bytes: the fingerprint follows the base URL and the output", () => {
    const [ld] = jsonLd;
    if (!ld) throw new Error('no JSON-LD representation');
    const here = rendererFingerprint(ld, BASE_URL);
    expect(rendererFingerprint(ld, BASE_URL)).toBe(here);
    expect(rendererFingerprint(ld, 'https://elsewhere.example')).not.toBe(here);
    expect(rendererFingerprint(pageRepresentation, BASE_URL)).not.toBe(here);
    const changed = { ...ld, render: () => '{"changed":true}' };
    expect(rendererFingerprint(changed, BASE_URL)).not.toBe(here);
  });
});
