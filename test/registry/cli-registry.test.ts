// `opendpp registry record` and `opendpp registry submissions` as a user runs them: real processes
// calling the workspace API of a node listening on loopback.
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createWorkspace, type TestWorkspace } from '../helpers/app.ts';
import { createOperator, createPassport } from '../helpers/passports.ts';
import { processTimeout, run, stopProcesses } from '../helpers/process.ts';
import { useTestApp } from '../helpers/use-test-app.ts';

let url: string;
let workspace: TestWorkspace;
let passportId: string;

const app = useTestApp();
beforeAll(async () => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  workspace = await createWorkspace(app);
  await createOperator(app, workspace);
  passportId = (await createPassport(app, workspace.token, { commodityCode: '85076000' })).id;
});
afterEach(stopProcesses);

describe('opendpp registry', { timeout: processTimeout(2) }, () => {
  it("prints a passport's record and checks, and writes the upload files as a ZIP", async () => {
    const env = { OPENDPP_URL: url, OPENDPP_API_KEY: workspace.token };
    const record = await run(['bin/opendpp.js', 'registry', 'record', passportId], env);
    expect(record.code, record.stderr).toBe(0);
    const answer = JSON.parse(record.stdout);
    expect(answer.record.commodityCode).toBe('85076000');
    expect(answer.ready).toBe(false);
    expect(answer.checks.find((item: { code: string }) => item.code === 'SEALED').ok).toBe(false);

    const files = await run(
      ['bin/opendpp.js', 'registry', 'submissions', '--status', 'ready', '--format', 'xml'],
      env,
    );
    expect(files.code, files.stderr).toBe(0);
    // Nothing is ready: an empty ZIP is its end-of-central-directory record alone.
    expect(files.stdout.startsWith('PK')).toBe(true);

    const refused = await run(['bin/opendpp.js', 'registry', 'submissions', '--status', 'all'], env);
    expect(refused.code).toBe(2);
  });
});
