// The import rules of .dependency-cruiser.cjs (run by `npm run lint`): on a scratch tree that breaks
// them each is reported, and the node's own src breaks none beyond the known violations listed in
// .dependency-cruiser-known-violations.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { IViolation } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cruiseSource,
  describeViolation,
  newViolations,
  readKnownViolations,
} from '../../scripts/import-rules.ts';

/** A small tree in the node's layout: one file a line, each importing what the test needs. */
const SCRATCH: Record<string, string> = {
  // A cycle through a type-only import.
  'src/modules/alpha/service.ts': "import type { B } from '../beta/service.ts';\nexport type A = B | 'a';\n",
  'src/modules/beta/service.ts': "import type { A } from '../alpha/service.ts';\nexport type B = A | 'b';\n",
  // A route reaching its own store, and another module's private file.
  'src/modules/gamma/routes.ts':
    "import { rows } from './store.ts';\nimport { helper } from '../delta/helper.ts';\nexport const route = () => [rows, helper];\n",
  'src/modules/gamma/store.ts': 'export const rows = [];\n',
  'src/modules/delta/helper.ts': 'export const helper = 1;\n',
  'src/modules/delta/service.ts': 'export const delta = 2;\n',
  // A service reaching HTTP; domain code reaching a module; the core reaching HTTP.
  'src/http/errors.ts': 'export class AppError extends Error {}\n',
  'src/modules/delta/records.ts':
    "import { AppError } from '../../http/errors.ts';\nexport const e = AppError;\n",
  'src/domain/pure.ts': "import { delta } from '../modules/delta/service.ts';\nexport const p = delta;\n",
  'src/core/actor.ts': "import { AppError } from '../http/errors.ts';\nexport const a = AppError;\n",
  // Allowed: a route importing another module's service and schemas, and HTTP.
  'src/modules/delta/schemas.ts': 'export const Schema = {};\n',
  'src/modules/gamma/other-routes.ts':
    "import { delta } from '../delta/service.ts';\nimport { Schema } from '../delta/schemas.ts';\nimport { AppError } from '../../http/errors.ts';\nexport const r = [delta, Schema, AppError];\n",
};

const lines = (violations: IViolation[]) => violations.map(describeViolation).sort();

describe('the import rules', () => {
  let scratch: string;
  let reported: string[];

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'import-rules-'));
    for (const [file, text] of Object.entries(SCRATCH)) {
      mkdirSync(dirname(join(scratch, file)), { recursive: true });
      writeFileSync(join(scratch, file), text);
    }
    reported = lines(newViolations(await cruiseSource({ baseDir: scratch })));
  });

  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('report a cycle, type-only imports included', () => {
    expect(reported).toContainEqual(
      expect.stringMatching(/^no-cycle: src\/modules\/alpha\/service\.ts → src\/modules\/beta\/service\.ts/),
    );
  });

  it('report a route importing a store', () => {
    expect(reported).toContain(
      'routes-never-import-a-store: src/modules/gamma/routes.ts → src/modules/gamma/store.ts',
    );
  });

  it("report a module reaching another module's private file", () => {
    expect(reported).toContain(
      'module-through-its-service: src/modules/gamma/routes.ts → src/modules/delta/helper.ts',
    );
  });

  it('report http/ imported outside the HTTP adapter, domain code leaving domain/, and the core importing http/', () => {
    expect(reported).toContain('http-only-in-the-adapter: src/modules/delta/records.ts → src/http/errors.ts');
    expect(reported).toContain(
      'domain-imports-only-domain: src/domain/pure.ts → src/modules/delta/service.ts',
    );
    expect(reported).toContain('core-apart-from-modules-and-http: src/core/actor.ts → src/http/errors.ts');
  });

  it('allow a route to use another module through its service and schemas, and HTTP', () => {
    expect(reported.filter((line) => line.includes('other-routes.ts'))).toEqual([]);
  });

  it('a listed violation no longer fails, and nothing else is let through with it', async () => {
    const all = newViolations(await cruiseSource({ baseDir: scratch }));
    const known = all.filter((violation) => violation.rule.name === 'routes-never-import-a-store');
    const left = lines(newViolations(await cruiseSource({ baseDir: scratch, knownViolations: known })));
    expect(left).toEqual(reported.filter((line) => !line.startsWith('routes-never-import-a-store')));
  });

  it('find no violation in src beyond the known ones', async () => {
    const result = await cruiseSource({ knownViolations: readKnownViolations() });
    expect(lines(newViolations(result))).toEqual([]);
  });
});
