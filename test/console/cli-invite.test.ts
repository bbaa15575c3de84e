// `opendpp members invite` as an operator runs it: a real CLI process against a node on a loopback
// port, backed by the test store. The link it prints must open the invitation page, accepting it
// must create the member (who can then sign in), and the link must not work a second time.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, BASE_URL, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { serveForBrowser } from '../helpers/browser.ts';
import { signIn } from '../helpers/console.ts';
import { processTimeout, run, stopProcesses } from '../helpers/process.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const NEW_PASSWORD = 'a long enough pass phrase';

describe('opendpp members invite', () => {
  const app = useTestApp();
  let url: string;
  let workspace: TestWorkspace;
  beforeAll(async () => {
    workspace = await createWorkspace(app, 'growth');
    url = await serveForBrowser(app);
  });
  afterEach(stopProcesses);

  const cli = (...args: string[]) =>
    run(['bin/opendpp.js', ...args], { OPENDPP_URL: url, PLATFORM_ADMIN_TOKEN: ADMIN_TOKEN });

  // CLI processes are budgeted per process (helpers/process.ts), not by the default test timeout.
  it('prints an invitation link that creates the member when accepted, once', {
    timeout: processTimeout(1),
  }, async () => {
    const invited = await cli('members', 'invite', '--workspace', workspace.id, '--email', 'Lin@Example.com');
    expect(invited.code, invited.stderr).toBe(0);
    const answer = JSON.parse(invited.stdout) as { url: string; invitation: { email: string; role: string } };
    expect(answer.invitation).toMatchObject({ email: 'lin@example.com', role: 'ADMIN' });
    expect(answer.url.startsWith(`${BASE_URL}/console/invitations/odpp_invite_`)).toBe(true);
    const path = new URL(answer.url).pathname;

    // Before acceptance there is no such member to sign in as.
    expect((await signIn(app, workspace, 'lin@example.com', NEW_PASSWORD)).statusCode).toBe(401);

    const page = await app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('lin@example.com');
    const accepted = await app.inject({
      method: 'POST',
      url: path,
      headers: FORM,
      payload: new URLSearchParams({ password: NEW_PASSWORD, repeat: NEW_PASSWORD }).toString(),
    });
    expect(accepted.statusCode, accepted.body).toBe(303);
    expect(accepted.headers.location).toBe(`/console/sign-in?workspace=${workspace.subdomain}&done=joined`);

    const session = await signIn(app, workspace, 'lin@example.com', NEW_PASSWORD);
    expect(session.statusCode, session.body).toBe(200);
    const whoami = await app.inject({
      method: 'GET',
      url: '/api/v1/whoami',
      headers: { authorization: `Bearer ${session.json().session.token}` },
    });
    expect(whoami.statusCode, whoami.body).toBe(200);
    expect(whoami.json().auth).toMatchObject({ isApiKeySession: false, role: 'ADMIN' });

    const again = await app.inject({ method: 'GET', url: path });
    expect(again.statusCode).toBe(404);
  });

  it('refuses without the workspace, and with a wrong admin token', {
    timeout: processTimeout(2),
  }, async () => {
    const usage = await cli('members', 'invite', '--email', 'x@example.com');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--workspace is required');
    const refused = await run(
      ['bin/opendpp.js', 'members', 'invite', '--workspace', workspace.id, '--email', 'x@example.com'],
      { OPENDPP_URL: url, PLATFORM_ADMIN_TOKEN: 'not-the-token' },
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('answered 401');
  });
});
