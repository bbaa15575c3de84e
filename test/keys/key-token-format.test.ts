// Authentication 1: "Key tokens begin with a fixed prefix ending in `dpp_token_`." New keys carry
// one fixed prefix that secret scanners can match (docs/authentication.md gives the pattern), and
// keys issued in the earlier form keep working.
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { hashToken } from '../../src/domain/auth/api-token.ts';
import { bearer, createKey, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { testDatabase } from '../helpers/db.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

/** The regular expression docs/authentication.md gives secret scanners (its first `regex` block). */
function documentedScannerPattern(): RegExp {
  const page = readFileSync(new URL('../../docs/authentication.md', import.meta.url), 'utf8');
  const block = /```regex\n(.+)\n```/.exec(page);
  if (!block?.[1]) throw new Error('docs/authentication.md gives no regex block');
  return new RegExp(block[1], 'g');
}

/** Inserts a key the way keys were made before the prefix was fixed; returns its token. */
async function legacyKey(workspace: TestWorkspace): Promise<{ id: string; token: string; prefix: string }> {
  const prefix = `odpp_${Math.random().toString(36).slice(2, 10).padEnd(8, 'x')}_`;
  const token = `${prefix}dpp_token_${Buffer.alloc(32, 7).toString('base64url')}`;
  const { db } = await testDatabase();
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into api_keys (tenant_id, name, prefix, secret_hash, role, permissions)
        values (${workspace.id}, 'issued earlier', ${prefix}, ${hashToken(token)}, 'BRAND_OPERATOR',
                ${sql.raw("array['passport:read','passport:create','passport:update']")})
        returning id`,
  );
  if (!row) throw new Error('no key inserted');
  return { id: row.id, token, prefix };
}

describe('API key token format', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  beforeAll(async () => {
    workspace = await createWorkspace(app);
  });

  it('gives every new key the same prefix, ending in dpp_token_, and the key prefix as its head', async () => {
    const created = [workspace.token];
    for (let i = 0; i < 3; i++) created.push((await createKey(app, workspace, {})).token);
    for (const token of created) {
      expect(token.slice(0, token.indexOf('dpp_token_') + 'dpp_token_'.length)).toBe('odpp_dpp_token_');
      const whoami = await app.inject({ method: 'GET', url: '/api/v1/whoami', headers: bearer(token) });
      expect(whoami.statusCode).toBe(200);
    }
    const { key, token } = await createKey(app, workspace, {});
    expect(token.startsWith(key.prefix)).toBe(true);
    expect(key.prefix).toMatch(/^odpp_dpp_token_[A-Za-z0-9]{8}_$/);
  });

  it('is matched by the secret-scanning pattern of docs/authentication.md, inside any text', async () => {
    const pattern = documentedScannerPattern();
    const { token } = await createKey(app, workspace, {});
    const text = `OPENDPP_KEY=${token}\nAuthorization: Bearer ${workspace.token}\n`;
    expect(text.match(pattern)).toEqual([token, workspace.token]);
  });

  it('keeps accepting a token issued in the earlier form, and revokes it like any other', async () => {
    const legacy = await legacyKey(workspace);
    const whoami = await app.inject({ method: 'GET', url: '/api/v1/whoami', headers: bearer(legacy.token) });
    expect(whoami.statusCode, whoami.body).toBe(200);
    const listed = await app.inject({ method: 'GET', url: '/api/v1/keys', headers: bearer(workspace.token) });
    expect(listed.json().keys.find((key: { id: string }) => key.id === legacy.id).prefix).toBe(legacy.prefix);
    const revoked = await app.inject({
      method: 'DELETE',
      url: `/api/v1/keys/${legacy.id}`,
      headers: bearer(workspace.token),
    });
    expect(revoked.statusCode).toBe(204);
    const after = await app.inject({ method: 'GET', url: '/api/v1/whoami', headers: bearer(legacy.token) });
    expect(after.statusCode).toBe(401);
  });

  it('refuses a token with a wrong secret under either prefix (401, not 500)', async () => {
    const legacy = await legacyKey(workspace);
    const { key } = await createKey(app, workspace, {});
    for (const token of [`${legacy.prefix}dpp_token_${'B'.repeat(43)}`, `${key.prefix}${'B'.repeat(43)}`]) {
      const response = await app.inject({ method: 'GET', url: '/api/v1/whoami', headers: bearer(token) });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });
});
