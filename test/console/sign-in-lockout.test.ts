// Failed sign-ins lock the account for the address they came from only: a stranger who knows the
// workspace and the email locks themselves out, while the member signs in from their own address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/context.ts';
import { createWorkspace, type TestWorkspace, testApp } from '../helpers/app.ts';
import { addMember, PASSWORD } from '../helpers/console.ts';

const MINUTE = 60_000;
const STRANGER = '203.0.113.7';
const OWNER = '198.51.100.20';

describe('sign-in lockout by account and address', () => {
  let now = Date.now();
  let app: App;
  let workspace: TestWorkspace;
  beforeAll(async () => {
    app = await testApp({ clock: () => new Date(now) });
    workspace = await createWorkspace(app, 'enterprise');
    await addMember(app, workspace, 'dana@example.com');
  });
  afterAll(() => app.close());

  const signInFrom = (remoteAddress: string, password: string) =>
    app.inject({
      method: 'POST',
      url: '/console/api/session',
      payload: { workspace: workspace.subdomain, email: 'dana@example.com', password },
      remoteAddress,
    });

  it("lets the member in from their address while a stranger's failures lock the stranger's", async () => {
    for (let i = 0; i < 8; i++)
      expect((await signInFrom(STRANGER, `not the password ${i}`)).statusCode).toBe(401);
    // Locked for the stranger: even the right password is refused from there, with the same answer.
    const refused = await signInFrom(STRANGER, PASSWORD);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toMatch(/^Sign-in failed/);
    // The member, from their own address, signs in at once.
    expect((await signInFrom(OWNER, PASSWORD)).statusCode).toBe(200);
  });

  it('still locks the member out of their own address after their own failures, for a while', async () => {
    for (let i = 0; i < 6; i++) expect((await signInFrom(OWNER, `mistyped ${i}`)).statusCode).toBe(401);
    expect((await signInFrom(OWNER, PASSWORD)).statusCode).toBe(401);
    now += 2 * MINUTE;
    expect((await signInFrom(OWNER, PASSWORD)).statusCode).toBe(200);
  });
});
