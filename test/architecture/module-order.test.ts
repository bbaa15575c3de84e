// The modules' one order (module-order.json): every module folder has its place in it, the drawing in
// docs/architecture.md shows the same layers, and on a scratch tree an import that climbs the order,
// or runs along a layer, is refused, as is a cycle between module folders.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cruiseSource, describeViolation, newViolations, ROOT } from '../../scripts/import-rules.ts';
import { MODULE_LAYERS, unorderedModules } from '../../scripts/module-rules.ts';

const serviceImporting = (...modules: string[]) =>
  `${modules.map((name, index) => `import { x as x${index} } from '../${name}/service.ts';`).join('\n')}\nexport const x = 1;\n`;

/** Real module names, so that the repository's rules place them. */
const SCRATCH: Record<string, string> = {
  // Climbs: the audit trail importing the console.
  'src/modules/audit/service.ts': serviceImporting('console'),
  // Along a layer: webhooks and categories stand side by side.
  'src/modules/webhooks/service.ts': serviceImporting('categories'),
  // Allowed: the console importing grants and webhooks, far below it.
  'src/modules/console/service.ts': serviceImporting('grants', 'webhooks'),
  'src/modules/grants/service.ts': serviceImporting('passports'),
  'src/modules/passports/service.ts': serviceImporting(),
  'src/modules/categories/service.ts': serviceImporting(),
  // Two modules the order does not place, in a cycle through files that do not import each other.
  'src/modules/alpha/service.ts': serviceImporting('beta'),
  'src/modules/beta/service.ts': serviceImporting(),
  'src/modules/beta/reads.ts': serviceImporting('alpha'),
};

/** The layers the drawing in docs/architecture.md shows, highest first. */
function drawnLayers(): string[][] {
  const text = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
  const section = text.slice(text.indexOf('## Module order'));
  const block = /```\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  // A layer's line starts with its modules; a line that starts blank goes on describing the last.
  return block
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith(' '))
    .map((line) => (line.split(/\s{2,}/)[0] ?? '').split(' '));
}

describe('the module order', () => {
  let scratch: string;
  let reported: string[];

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'module-order-'));
    for (const [file, text] of Object.entries(SCRATCH)) {
      mkdirSync(dirname(join(scratch, file)), { recursive: true });
      writeFileSync(join(scratch, file), text);
    }
    reported = newViolations(await cruiseSource({ baseDir: scratch }))
      .map(describeViolation)
      .sort();
  });

  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('places every module folder of src once, and names no folder that is gone', () => {
    expect(unorderedModules()).toEqual([]);
  });

  it('is the order docs/architecture.md draws', () => {
    expect(drawnLayers()).toEqual(MODULE_LAYERS);
  });

  it('refuses an import that climbs the order or runs along a layer, and lets one pass that goes down', () => {
    const order = reported.filter((line) => line.startsWith('module-order:'));
    expect(order).toEqual([
      'module-order: src/modules/audit/service.ts → src/modules/console/service.ts',
      'module-order: src/modules/webhooks/service.ts → src/modules/categories/service.ts',
    ]);
  });

  it('refuses a cycle between module folders, though no file imports itself', () => {
    expect(reported).toContainEqual(
      expect.stringMatching(/^no-module-cycle: src\/modules\/alpha → src\/modules\/beta/),
    );
    expect(reported.filter((line) => line.startsWith('no-cycle:'))).toEqual([]);
  });

  it('names a module folder the order does not place, and a placed module without a folder', () => {
    expect(unorderedModules(scratch, [['console'], ['grants', 'gone']])).toEqual([
      'module-order: src/modules/alpha/ has no place in module-order.json',
      'module-order: src/modules/audit/ has no place in module-order.json',
      'module-order: src/modules/beta/ has no place in module-order.json',
      'module-order: src/modules/categories/ has no place in module-order.json',
      'module-order: src/modules/passports/ has no place in module-order.json',
      'module-order: src/modules/webhooks/ has no place in module-order.json',
      'module-order: module-order.json names gone, which is no folder of src/modules',
    ]);
  });
});
