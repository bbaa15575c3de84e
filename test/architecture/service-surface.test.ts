// A module's service hands on no function of its store (scripts/module-rules.ts, run by
// `npm run lint`): what other modules read goes through a service function that says what it answers.
import { describe, expect, it } from 'vitest';
import { storeHandOvers, storeHandOversOf } from '../../scripts/module-rules.ts';

const FILE = 'src/modules/alpha/service.ts';

describe('what a service hands on', () => {
  it('names each store function a service re-exports, exports again or aliases', () => {
    const text = [
      "import * as store from './store.ts';",
      "import { countRows, type Row } from './store.ts';",
      "import { recent } from './event-store.ts';",
      "export { findRow } from './store.ts';",
      'export { recent as latest };',
      'export const listRows = store.listRows;',
      'export const count = countRows;',
      "export * from './row-store.ts';",
    ].join('\n');
    expect(storeHandOversOf(FILE, text)).toEqual([
      `service-hands-on-no-store: ${FILE} hands on findRow of ./store.ts`,
      `service-hands-on-no-store: ${FILE} hands on latest of ./event-store.ts`,
      `service-hands-on-no-store: ${FILE} hands on listRows of ./store.ts`,
      `service-hands-on-no-store: ${FILE} hands on count of ./store.ts`,
      `service-hands-on-no-store: ${FILE} hands on everything of ./row-store.ts`,
    ]);
  });

  it('lets types, functions of its own and other files of the module pass', () => {
    const text = [
      "import * as store from './store.ts';",
      "import type { Row } from './store.ts';",
      'export type { Row };',
      "export type { OtherRow } from './store.ts';",
      "export { type ThirdRow } from './store.ts';",
      "export { unitRecord } from './records.ts';",
      'export function rowsOf(db: unknown) {',
      '  return store.listRows(db);',
      '}',
      'export const LIMIT = store.LIMIT + 0;',
    ].join('\n');
    expect(storeHandOversOf(FILE, text)).toEqual([]);
  });

  it("finds none in the node's services", () => {
    expect(storeHandOvers()).toEqual([]);
  });
});
