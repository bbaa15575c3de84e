// Console members for tests, made the way people make them: the platform admin invites, the invitee
// accepts with a password, and signs in through the JSON surface.
import { expect } from 'vitest';
import type { App } from '../../src/context.ts';
import { admin, bearer, type TestWorkspace } from './app.ts';

export const PASSWORD = 'correct horse battery staple';

export async function inviteFirstMember(app: App, workspace: TestWorkspace, email: string, role = 'ADMIN') {
  const response = await app.inject({
    method: 'POST',
    url: `/admin/v1/workspaces/${workspace.id}/members`,
    headers: admin,
    payload: { email, role },
  });
  if (response.statusCode !== 201) throw new Error(`invitation failed: ${response.body}`);
  return response.json() as { url: string; invitation: { id: string } };
}

export const invitationToken = (url: string) => url.slice(url.lastIndexOf('/') + 1);

export async function addMember(app: App, workspace: TestWorkspace, email: string, role = 'ADMIN') {
  const { url } = await inviteFirstMember(app, workspace, email, role);
  const accepted = await app.inject({
    method: 'POST',
    url: '/console/api/invitations/accept',
    payload: { token: invitationToken(url), password: PASSWORD },
  });
  if (accepted.statusCode !== 201) throw new Error(`acceptance failed: ${accepted.body}`);
  return accepted.json().member as { id: string; email: string };
}

export interface SignedIn {
  token: string;
  csrfToken: string;
  cookie: string;
  setCookie: string;
}

export async function signIn(app: App, workspace: TestWorkspace, email: string, password = PASSWORD) {
  return app.inject({
    method: 'POST',
    url: '/console/api/session',
    payload: { workspace: workspace.subdomain, email, password },
  });
}

export async function session(app: App, workspace: TestWorkspace, email: string): Promise<SignedIn> {
  const response = await signIn(app, workspace, email);
  if (response.statusCode !== 200 || !response.json().session)
    throw new Error(`sign-in failed: ${response.body}`);
  const setCookie = String(response.headers['set-cookie']);
  const { token, csrfToken } = response.json().session;
  return { token, csrfToken, cookie: `odpp_session=${token}`, setCookie };
}

/**
 * Enrols the signed-in member in TOTP, confirming with the code `codeOf` gives for the new secret;
 * answers the secret and the recovery codes shown once.
 */
export async function enrolTotp(app: App, signed: SignedIn, codeOf: (secret: string) => string) {
  const headers = bearer(signed.token);
  const started = await app.inject({ method: 'POST', url: '/console/api/mfa/enrolment', headers });
  expect(started.statusCode, started.body).toBe(200);
  const secret = started.json().secret as string;
  const confirmed = await app.inject({
    method: 'POST',
    url: '/console/api/mfa/enrolment/confirm',
    headers,
    payload: { code: codeOf(secret) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, recoveryCodes: confirmed.json().recoveryCodes as string[] };
}
