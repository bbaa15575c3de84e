// Serialisation from an uploaded CSV file, without a browser: the multipart form with its CSRF token
// (refused without it, before the file is read), bad files answered with the form again and the
// reason, a refusal of the first batch shown on the form, and the post redirected to a whole result page.
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, bearer, createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { addMember, session } from '../helpers/console.ts';
import { createOperator, createPassport } from '../helpers/passports.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

const BOUNDARY = 'odpp-test-boundary';
type Part = { name: string; value: string | Buffer; filename?: string };

/** A multipart/form-data body, parts in the order given (as a browser sends a form's fields). */
function multipart(parts: Part[]) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const file = part.filename !== undefined ? `; filename="${part.filename}"\r\nContent-Type: text/csv` : '';
    chunks.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"${file}\r\n\r\n`),
    );
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}
const MULTIPART = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
const csrfIn = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
const serials = (count: number, prefix: string) => Array.from({ length: count }, (_, i) => `${prefix}-${i}`);

/** The page is whole HTML: one document, and every block it opens is closed. */
function expectWholePage(html: string) {
  expect(html.startsWith('<!doctype html>')).toBe(true);
  expect(html.trimEnd().endsWith('</footer>\n</body></html>')).toBe(true);
  for (const tag of ['html', 'head', 'body', 'main', 'footer', 'form', 'section', 'div', 'ul', 'p', 'h3']) {
    const opened = html.match(new RegExp(`<${tag}[\\s>]`, 'g'))?.length ?? 0;
    const closed = html.match(new RegExp(`</${tag}>`, 'g'))?.length ?? 0;
    expect(closed, tag).toBe(opened);
  }
}

describe('console: units from a CSV file', () => {
  const app = useTestApp();
  let workspace: TestWorkspace;
  let cookie: string;
  let csrf: string;
  let passportId: string;
  beforeAll(async () => {
    workspace = await createWorkspace(app, 'enterprise');
    await addMember(app, workspace, 'ada@example.com');
    const signedIn = await session(app, workspace, 'ada@example.com');
    cookie = signedIn.cookie;
    const operator = await createOperator(app, workspace);
    passportId = (await createPassport(app, workspace.token, { operatorId: operator.id })).id;
    const view = await app.inject({
      method: 'GET',
      url: `/console/passports/${passportId}`,
      headers: { cookie },
    });
    expect(view.body).toContain('enctype="multipart/form-data"');
    csrf = csrfIn(view.body);
  });

  const post = (parts: Part[], headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: `/console/passports/${passportId}/units`,
      headers: { ...MULTIPART, cookie, ...headers },
      payload: multipart(parts),
    });
  const unitTotal = async () =>
    (
      await app.inject({
        method: 'GET',
        url: `/api/v1/passports/${passportId}/units?limit=1`,
        headers: bearer(workspace.token),
      })
    ).json().total as number;

  it('serialises an uploaded file, then redirects to a whole result page with the usual headers', async () => {
    const lines = ['serialNumber,status', ...serials(450, 'FILE'), 'bad serial!', 'FILE-7'];
    const posted = await post([
      { name: '_csrf', value: csrf },
      { name: 'csv', value: '' },
      { name: 'file', filename: 'units.csv', value: `\uFEFF${lines.join('\r\n')}\r\n` },
    ]);
    expect(posted.statusCode, posted.body.slice(0, 800)).toBe(303);
    const answer = await app.inject({
      method: 'GET',
      url: String(posted.headers.location),
      headers: { cookie },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['content-language']).toBe('en');
    expectWholePage(answer.body);
    expect(answer.body).toContain('Created 450 of 452 units.');
    const errors = /<table id="row-errors">([\s\S]*?)<\/table>/.exec(answer.body)?.[1] ?? '';
    expect(errors.match(/<tr><td>/g)).toHaveLength(2);
    // Each refused line by its number in the file (the header is line 1).
    expect(errors).toContain('<tr><td>453</td><td><code>FILE-7</code></td>');
    expect(await unitTotal()).toBe(450);
  });

  it('answers the form again with the reason for a bad file, and creates nothing', async () => {
    const before = await unitTotal();
    const cases: [string, Part[], string][] = [
      [
        'not UTF-8',
        [{ name: 'file', filename: 'a.csv', value: Buffer.from([0x53, 0x4e, 0xff, 0xfe, 0x0a]) }],
        'not UTF-8',
      ],
      [
        'too many lines',
        [{ name: 'file', filename: 'a.csv', value: serials(5001, 'MANY').join('\n') }],
        'More than 5000 units',
      ],
      [
        'wrong columns',
        [{ name: 'file', filename: 'a.csv', value: 'OK-1\nOK-2,ACTIVE,2025-01-01,blue\n' }],
        'Line 2 does not have',
      ],
      [
        'a foreign header',
        [{ name: 'file', filename: 'a.csv', value: 'serialNumber,colour\nOK-1\n' }],
        'Line 1 does not have',
      ],
      [
        'two files',
        [
          { name: 'file', filename: 'a.csv', value: 'A-1' },
          { name: 'file', filename: 'b.csv', value: 'B-1' },
        ],
        'one file at a time',
      ],
      [
        'a file and pasted rows',
        [
          { name: 'csv', value: 'P-1' },
          { name: 'file', filename: 'a.csv', value: 'F-1' },
        ],
        'not both',
      ],
      ['an empty file', [{ name: 'file', filename: 'a.csv', value: '\n\n' }], 'One unit a line'],
    ];
    for (const [what, parts, reason] of cases) {
      const answer = await post([{ name: '_csrf', value: csrf }, ...parts]);
      expect(answer.statusCode, what).toBe(400);
      expect(answer.body, what).toContain(reason);
      expect(answer.body, what).toContain('id="file"');
      expect(answer.headers['content-security-policy'], what).toContain("default-src 'none'");
    }
    // A file over the limit is refused for its size: 413, with the form again.
    const large = await post([
      { name: '_csrf', value: csrf },
      { name: 'file', filename: 'a.csv', value: Buffer.alloc(1024 * 1024 + 1, 0x41) },
    ]);
    expect(large.statusCode).toBe(413);
    expect(large.body).toContain('larger than 1 MiB');
    expect(large.body).toContain('id="file"');
    expect(await unitTotal()).toBe(before);
  });

  it('refuses a multipart post without the CSRF token, or with it after the file', async () => {
    const before = await unitTotal();
    const file = { name: 'file', filename: 'a.csv', value: 'FORGED-1\nFORGED-2' };
    const none = await post([file]);
    expect(none.statusCode).toBe(403);
    expect(none.body).toContain('The form has expired');
    const late = await post([file, { name: '_csrf', value: csrf }]);
    expect(late.statusCode).toBe(403);
    const wrong = await post([{ name: '_csrf', value: `${csrf.slice(0, -2)}xx` }, file]);
    expect(wrong.statusCode).toBe(403);
    // Another page of the console given a multipart body goes through the same check.
    const key = await app.inject({
      method: 'POST',
      url: '/console/keys',
      headers: { ...MULTIPART, cookie },
      payload: multipart([{ name: 'name', value: 'forged' }]),
    });
    expect(key.statusCode).toBe(403);
    expect(await unitTotal()).toBe(before);
    // The API itself still takes JSON only.
    const api = await app.inject({
      method: 'POST',
      url: `/api/v1/passports/${passportId}/units`,
      headers: { ...MULTIPART, ...bearer(workspace.token) },
      payload: multipart([file]),
    });
    expect(api.statusCode).toBe(415);
  });

  it('shows a refusal of the whole first batch (MFA required) on the form, with its status', async () => {
    const strict = await createWorkspace(app, 'enterprise');
    await addMember(app, strict, 'bob@example.com');
    await app.inject({
      method: 'PATCH',
      url: `/admin/v1/workspaces/${strict.id}`,
      headers: admin,
      payload: { mfaRequired: true },
    });
    const operator = await createOperator(app, strict);
    const passport = await createPassport(app, strict.token, { operatorId: operator.id });
    const bob = await session(app, strict, 'bob@example.com');
    const view = await app.inject({
      method: 'GET',
      url: `/console/passports/${passport.id}`,
      headers: { cookie: bob.cookie },
    });
    const answer = await app.inject({
      method: 'POST',
      url: `/console/passports/${passport.id}/units`,
      headers: { ...MULTIPART, cookie: bob.cookie },
      payload: multipart([
        { name: '_csrf', value: csrfIn(view.body) },
        { name: 'file', filename: 'a.csv', value: serials(300, 'MFA').join('\n') },
      ]),
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.body).toContain('requires two-factor authentication');
    expect(answer.body).toContain('id="file"');
    expect(answer.body).not.toContain('<progress');
  });
});
