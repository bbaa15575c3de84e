// A console member of a fresh enterprise workspace on a served node, made the way people are made:
// the platform admin invites, the invitee accepts with a password and signs in through the form.
// Answers the session cookie and the CSRF token the member's forms carry.
import { ADMIN_TOKEN } from './served.ts';

const PASSWORD = 'correct horse battery staple';

export interface ConsoleMember {
  cookie: string;
  csrf: string;
}

async function answerOf(response: Response, status: number, what: string): Promise<string> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${text.slice(0, 200)}`);
  return text;
}

export async function consoleMember(base: string): Promise<ConsoleMember> {
  const json = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
  const subdomain = `upload-${Date.now().toString(36)}`;
  const created = JSON.parse(
    await answerOf(
      await fetch(`${base}/admin/v1/workspaces`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ name: 'Uploads', subdomain, tier: 'enterprise' }),
      }),
      201,
      'workspace',
    ),
  ) as { tenant: { id: string } };
  const email = 'uploads@example.com';
  const invited = JSON.parse(
    await answerOf(
      await fetch(`${base}/admin/v1/workspaces/${created.tenant.id}/members`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email, role: 'ADMIN' }),
      }),
      201,
      'invitation',
    ),
  ) as { url: string };
  await answerOf(
    await fetch(`${base}/console/api/invitations/accept`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        token: invited.url.slice(invited.url.lastIndexOf('/') + 1),
        password: PASSWORD,
      }),
    }),
    201,
    'acceptance',
  );
  const signedIn = await fetch(`${base}/console/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ workspace: subdomain, email, password: PASSWORD }).toString(),
    redirect: 'manual',
  });
  await signedIn.arrayBuffer();
  const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const page = await answerOf(await fetch(`${base}/console/passports`, { headers: { cookie } }), 200, 'page');
  const csrf = /name="_csrf" value="([^"]+)"/.exec(page)?.[1];
  if (!cookie || !csrf) throw new Error('the member could not sign in');
  return { cookie, csrf };
}
