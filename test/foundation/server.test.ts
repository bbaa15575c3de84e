// The service as a user runs it: a real process on an embedded store in a fresh data directory.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { processTimeout, run, startServer, stopProcesses, stopServer } from '../helpers/process.ts';
import { WAIT_BUDGET_MS } from '../helpers/waits.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'opendpp-server-'));
// Whatever a failed test left running is stopped before the next one starts on the same directory.
afterEach(stopProcesses);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function get(url: string, token?: string) {
  const response = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the service process on its embedded store', () => {
  let demoKey = '';
  let adminToken = '';
  let createdWorkspace = '';

  // Each test's time is the budget of the processes it starts (helpers/process.ts), not a guess at
  // how fast this machine is today: the first boot, five CLI runs and a refused second boot.
  it('prints an admin token and a demo key on first boot, and answers whoami with the key', {
    timeout: processTimeout(7),
  }, async () => {
    const server = await startServer({ DATA_DIR: dataDir });
    await expect.poll(() => server.stdout(), { timeout: WAIT_BUDGET_MS }).toContain('Demo API key');
    demoKey = /Demo API key\s*: (\S+)/.exec(server.stdout())?.[1] ?? '';
    // The console's address and the first owner's one-time invitation, which opens an email field.
    // (PUBLIC_BASE_URL is unset, so the address is the default one, on the port asked for: 0 here.)
    expect(server.stdout()).toMatch(/Console\s+: http:\/\/localhost:\d+\/console\//);
    const invitation = /First owner invitation: (\S+)/.exec(server.stdout())?.[1] ?? '';
    expect(invitation).toContain('/console/invitations/odpp_invite_');
    const invitationPage = await fetch(`${server.url}${new URL(invitation).pathname}`);
    expect(invitationPage.status).toBe(200);
    expect(await invitationPage.text()).toContain('type="email"');
    adminToken = /Platform admin token\s*: (\S+)/.exec(server.stdout())?.[1] ?? '';
    expect(demoKey).toMatch(/dpp_token_/);
    const whoami = await get(`${server.url}/api/v1/whoami`, demoKey);
    expect(whoami.status).toBe(200);
    expect(whoami.body.tenant).toMatchObject({ subdomain: 'demo', tier: 'growth' });
    // Without MASTER_KEY the embedded store keeps its own, readable by its owner only.
    expect(statSync(join(dataDir, 'master.key')).mode & 0o777).toBe(0o600);

    const created = await run(
      [
        'bin/opendpp.js',
        'workspaces',
        'create',
        '--name',
        'CLI Co',
        '--subdomain',
        'cli-co',
        '--tier',
        'scale',
      ],
      {
        OPENDPP_URL: server.url,
        PLATFORM_ADMIN_TOKEN: adminToken,
      },
    );
    expect(created.code, created.stderr).toBe(0);
    createdWorkspace = JSON.parse(created.stdout).tenant.id;
    // The token at the top level, as keys create prints it, and where it was before.
    const createdAnswer = JSON.parse(created.stdout);
    expect(createdAnswer.token).toMatch(/dpp_token_/);
    expect(createdAnswer.token).toBe(createdAnswer.apiKey.token);
    // Not a terminal here: no human line on stderr, only the JSON on stdout.
    expect(created.stderr).not.toContain(createdAnswer.token);
    const cli = (...args: string[]) =>
      run(['bin/opendpp.js', ...args], { OPENDPP_URL: server.url, PLATFORM_ADMIN_TOKEN: adminToken });
    const key = await cli(
      'keys',
      'create',
      '--workspace',
      createdWorkspace,
      '--name',
      'ci',
      '--role',
      'AUDITOR',
    );
    expect(key.code, key.stderr).toBe(0);
    const { key: record, token } = JSON.parse(key.stdout);
    expect((await get(`${server.url}/api/v1/whoami`, token)).body.auth).toMatchObject({ role: 'AUDITOR' });
    const listedKeys = JSON.parse((await cli('keys', 'list', '--workspace', createdWorkspace)).stdout);
    expect(listedKeys.keys.map((k: { id: string }) => k.id)).toContain(record.id);
    expect((await cli('keys', 'revoke', '--workspace', createdWorkspace, '--key', record.id)).code).toBe(0);
    expect((await get(`${server.url}/api/v1/whoami`, token)).status).toBe(401);
    const usage = await cli('keys', 'create', '--name', 'x');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--workspace is required');

    const second = await run(['--import', 'tsx', 'src/server.ts'], { DATA_DIR: dataDir, PORT: '0' });
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/in use by another OpenDPP process \(pid \d+\)/);

    expect(await stopServer(server, 'SIGTERM')).toBe(0);
    expect(server.stdout()).toContain('shutting down');
    // Secrets are printed on the console once, never written to the log lines.
    const logLines = server
      .stdout()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    expect(logLines.join('\n')).not.toContain(demoKey);
    expect(logLines.join('\n')).not.toContain(adminToken);
  });

  it('keeps everything across a restart and prints no new secrets', {
    timeout: processTimeout(2),
  }, async () => {
    // It restarts what the first test made: when that failed, this one says so instead of a 401.
    expect(demoKey, 'the first boot did not complete').not.toBe('');
    const server = await startServer({ DATA_DIR: dataDir });
    expect(server.stdout()).not.toContain('Demo API key');
    expect((await get(`${server.url}/api/v1/whoami`, demoKey)).status).toBe(200);
    const listed = await run(['bin/opendpp.js', 'workspaces', 'list'], {
      OPENDPP_URL: server.url,
      PLATFORM_ADMIN_TOKEN: adminToken,
    });
    expect(listed.code).toBe(0);
    const ids = JSON.parse(listed.stdout).workspaces.map((w: { id: string }) => w.id);
    expect(ids).toContain(createdWorkspace);
    expect(await stopServer(server, 'SIGINT')).toBe(0);
  });

  it('refuses to boot on a bad variable, naming it', { timeout: processTimeout(4) }, async () => {
    for (const [name, value] of [
      ['PORT', 'eighty'],
      ['PUBLIC_BASE_URL', 'not a url'],
      ['LOG_LEVEL', 'loud'],
      ['MASTER_KEY', 'short'],
    ]) {
      const result = await run(['--import', 'tsx', 'src/server.ts'], {
        DATA_DIR: dataDir,
        [name as string]: value as string,
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(name);
    }
  });
});
