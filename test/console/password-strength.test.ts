// A member's password is refused when it is easy to guess (zxcvbn score under 3), with zxcvbn's
// reason in the API error and on the invitation page, in the page's language around it. Accepting
// an invitation is the only place a console password is set (there is no change or reset form).
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE_URL, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { invitationToken, inviteFirstMember } from '../helpers/console.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const host = new URL(BASE_URL).host;
const GUESSABLE = {
  aaaaaaaaaaaa: /Repeated characters/,
  password1234: /commonly used password/,
};

describe('console password strength', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  beforeAll(async () => {
    workspace = await createWorkspace(app, 'enterprise');
  });

  const accept = (token: string, password: string) =>
    app.inject({ method: 'POST', url: '/console/api/invitations/accept', payload: { token, password } });

  it('refuses guessable passwords through the API with the reason, and takes a strong passphrase', async () => {
    const token = invitationToken((await inviteFirstMember(app, workspace, 'lin@example.com')).url);
    for (const [password, reason] of Object.entries(GUESSABLE)) {
      const refused = await accept(token, password);
      expect(refused.statusCode, password).toBe(400);
      const body = refused.json();
      expect(body.code).toBe('BAD_REQUEST');
      expect(body.message).toMatch(/^The password is too easy to guess\. /);
      expect(body.message).toMatch(reason);
      expect(body.password.warning).toMatch(reason);
      expect(Array.isArray(body.password.suggestions)).toBe(true);
    }
    // The member's own address is among the first things a guesser tries.
    expect((await accept(token, 'lin@example.com1')).statusCode).toBe(400);
    const accepted = await accept(token, 'violet kettle orbits the sandpaper moon');
    expect(accepted.statusCode).toBe(201);
  });

  it('shows the reason on the invitation page, opening in the page language', async () => {
    const token = invitationToken((await inviteFirstMember(app, workspace, 'kai@example.com')).url);
    const post = (password: string, lang: string) =>
      app.inject({
        method: 'POST',
        url: `/console/invitations/${token}`,
        headers: { host, 'content-type': 'application/x-www-form-urlencoded', 'accept-language': lang },
        payload: new URLSearchParams({ password, repeat: password }).toString(),
      });
    const english = await post('password1234', 'en');
    expect(english.statusCode).toBe(400);
    expect(english.body).toContain('This password is too easy to guess.');
    expect(english.body).toContain('This is similar to a commonly used password.');
    const german = await post('aaaaaaaaaaaa', 'de');
    expect(german.statusCode).toBe(400);
    expect(german.body).toContain('Dieses Passwort ist zu leicht zu erraten.');
    expect(german.body).toContain('Repeated characters like &quot;aaa&quot; are easy to guess.');
    const strong = await post('violet kettle orbits the sandpaper moon', 'en');
    expect(strong.statusCode).toBe(303);
  });
});
