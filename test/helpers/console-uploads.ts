// A console member posting files as the pages' forms do: signed in through the sign-in form (its
// session cookie), the form's CSRF token first, then the other fields, then the file.
import { afterAll, beforeAll } from 'vitest';
import type { App } from '../../src/context.ts';
import { createWorkspace, type TestWorkspace, testApp } from './app.ts';
import { addMember, PASSWORD } from './console.ts';
import { createOperator } from './passports.ts';

export interface PageMember {
  cookie: string;
  csrf: string;
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const csrfIn = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

/** A member of `role` added to the workspace and signed in through the console's form. */
export async function pageMember(
  app: App,
  workspace: TestWorkspace,
  email: string,
  role = 'ADMIN',
): Promise<PageMember> {
  await addMember(app, workspace, email, role);
  const signedIn = await app.inject({
    method: 'POST',
    url: '/console/sign-in',
    headers: FORM,
    payload: new URLSearchParams({ workspace: workspace.subdomain, email, password: PASSWORD }).toString(),
  });
  const cookie = String(signedIn.headers['set-cookie']).split(';')[0] as string;
  const page = await app.inject({ method: 'GET', url: '/console/passports', headers: { cookie } });
  return { cookie, csrf: csrfIn(page.body) };
}

export interface UploadOptions {
  fields?: Record<string, string>;
  file?: { name: string; bytes: Buffer | string };
  lang?: string;
}

/** A multipart post of the member's form: `_csrf`, the fields, then the file. */
export function postUpload(app: App, member: PageMember, url: string, options: UploadOptions = {}) {
  const boundary = '----opendpp-upload';
  const head = (name: string, filename?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}\r\n\r\n`;
  const parts: Buffer[] = [Buffer.from(`${head('_csrf')}${member.csrf}\r\n`)];
  for (const [name, value] of Object.entries(options.fields ?? {}))
    parts.push(Buffer.from(`${head(name)}${value}\r\n`));
  if (options.file) {
    parts.push(
      Buffer.from(head('file', options.file.name)),
      Buffer.from(options.file.bytes),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return app.inject({
    method: 'POST',
    url,
    headers: {
      cookie: member.cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'accept-language': options.lang ?? 'en',
    },
    payload: Buffer.concat(parts),
  });
}

export interface UploadFixture {
  app: App;
  workspace: TestWorkspace;
  /** An ADMIN member, signed in. */
  member: PageMember;
}

/**
 * For the describe block it is called in: an app with an enterprise workspace, its one operator and
 * a signed-in member, filled in before the block's tests and closed after them.
 */
export function uploadFixture(): UploadFixture {
  const fixture = {} as UploadFixture;
  beforeAll(async () => {
    fixture.app = await testApp();
    fixture.workspace = await createWorkspace(fixture.app, 'enterprise');
    await createOperator(fixture.app, fixture.workspace);
    fixture.member = await pageMember(fixture.app, fixture.workspace, 'ada@example.com');
  });
  afterAll(() => fixture.app.close());
  return fixture;
}

export interface ImportedSheet {
  /** The preview page, after the upload's redirect (or the refusal of the file itself). */
  preview: { statusCode: number; body: string };
  /** The report page, after confirming; absent when the file was refused or nothing could be sent. */
  report?: { statusCode: number; body: string };
  /** The hold's page, `/console/passports/import/<id>`. */
  location?: string;
}

/**
 * A spreadsheet imported as a member does it: uploaded, its preview followed, and confirmed
 * (drafts, unless `publish`), the report followed. Stops at the preview when it offers no confirmation.
 */
export async function importSheet(
  app: App,
  member: PageMember,
  category: string,
  file: { name: string; bytes: Buffer | string },
  options: { publish?: boolean; lang?: string } = {},
): Promise<ImportedSheet> {
  const lang = options.lang ?? 'en';
  const posted = await postUpload(app, member, '/console/passports/import', {
    fields: { category },
    file,
    lang,
  });
  if (posted.statusCode !== 303) return { preview: { statusCode: posted.statusCode, body: posted.body } };
  const location = String(posted.headers.location);
  const get = () =>
    app.inject({ method: 'GET', url: location, headers: { cookie: member.cookie, 'accept-language': lang } });
  const preview = await get();
  if (!preview.body.includes('id="confirm-import"'))
    return { preview: { statusCode: preview.statusCode, body: preview.body }, location };
  const confirmed = await app.inject({
    method: 'POST',
    url: location,
    headers: { ...FORM, cookie: member.cookie, 'accept-language': lang },
    payload: new URLSearchParams({
      _csrf: member.csrf,
      ...(options.publish ? { publish: 'yes' } : {}),
    }).toString(),
  });
  if (confirmed.statusCode !== 303)
    return { preview: { statusCode: preview.statusCode, body: preview.body }, report: confirmed, location };
  const report = await get();
  return { preview: { statusCode: preview.statusCode, body: preview.body }, report, location };
}
