// A module file besides service.ts that writes in a transaction of its own says, in its first
// comment, why it stands apart from service.ts (scripts/module-rules.ts, run by `npm run lint`).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { unexplainedServiceFiles } from '../../scripts/module-rules.ts';

const tree = mkdtempSync(join(tmpdir(), 'second-service-'));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

function file(path: string, text: string) {
  const full = join(tree, path);
  mkdirSync(join(full, '..'), { recursive: true });
  writeFileSync(full, text);
}

const WRITE = 'export const run = (db) => db.transaction(async (tx) => tx);\n';

describe('second service files', () => {
  it('names a file that writes in its own transaction without saying why it is apart from service.ts', () => {
    file('src/modules/alpha/service.ts', `// The service.\n${WRITE}`);
    file('src/modules/alpha/batch.ts', `// Batches of rows.\n${WRITE}`);
    file('src/modules/alpha/import.ts', `// Imports. Apart from service.ts: its own route.\n${WRITE}`);
    file('src/modules/alpha/store.ts', `// SQL.\n${WRITE}`);
    file('src/modules/alpha/batch.test.ts', WRITE);
    file('src/modules/beta/nested/job.ts', WRITE);
    expect(unexplainedServiceFiles(tree).sort()).toEqual([
      expect.stringMatching(/^second-service-says-why: src\/modules\/alpha\/batch\.ts /),
      expect.stringMatching(/^second-service-says-why: src\/modules\/beta\/nested\/job\.ts /),
    ]);
  });

  it("finds none unexplained in the node's modules", () => {
    expect(unexplainedServiceFiles()).toEqual([]);
  });
});
