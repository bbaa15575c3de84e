// The rules of route files (scripts/route-rules.ts, run by `npm run lint`): a route file reads no
// database, a function registering routes and a handler stay short, and the list of long functions
// yet to be split only shrinks. Every function of the node keeps the rule, so that list is empty.
import { describe, expect, it } from 'vitest';
import {
  HANDLER_LINES,
  LONG_FOR_NOW,
  REGISTRATION_LINES,
  routeFileFacts,
  routeRuleBreaks,
} from '../../scripts/route-rules.ts';

/** A route registration whose handler takes `handlerLines` lines. */
const route = (path: string, handlerLines: number) =>
  `  app.get('${path}', {}, async () => {\n${'    void 0;\n'.repeat(handlerLines - 2)}  });\n`;

/** A function registering `routes`, each a handler of `handlerLines` lines. */
const registering = (name: string, routes: number, handlerLines = 3) =>
  `export function ${name}(app) {\n${Array.from({ length: routes }, (_, i) => route(`/r${i}`, handlerLines)).join('')}}\n`;

const facts = (text: string) => {
  const found = routeFileFacts('src/modules/alpha/routes.ts', text);
  if (!found) throw new Error('no route found');
  return found;
};

describe('the route rules', () => {
  it('measure each registering function and each handler', () => {
    const found = facts(registering('short', 2));
    expect(found.registrations).toEqual([{ file: 'src/modules/alpha/routes.ts', name: 'short', lines: 8 }]);
    expect(found.handlers.map((handler) => [handler.name, handler.lines])).toEqual([
      ["GET '/r0'", 3],
      ["GET '/r1'", 3],
    ]);
  });

  it('report a long registering function, a long handler and a store import', () => {
    const long = registering('long', Math.ceil(REGISTRATION_LINES / 3));
    const store = "import { rows } from './store.ts';\n";
    const breaks = routeRuleBreaks([facts(`${store}${long}${registering('slow', 1, HANDLER_LINES + 1)}`)]);
    expect(breaks).toEqual([
      "route-reads-no-database: src/modules/alpha/routes.ts imports ./store.ts; call its module's service",
      expect.stringMatching(
        new RegExp(
          `^route-registration-length: src/modules/alpha/routes\\.ts long is \\d+ lines, at most ${REGISTRATION_LINES}$`,
        ),
      ),
      `route-handler-length: src/modules/alpha/routes.ts GET '/r0' is ${HANDLER_LINES + 1} lines, at most ${HANDLER_LINES}`,
    ]);
  });

  it('hold a listed function to its length, and report an entry once it is short or gone', () => {
    const long = facts(registering('long', Math.ceil(REGISTRATION_LINES / 3)));
    const lines = long.registrations[0]?.lines ?? 0;
    const why = 'to split';
    expect(routeRuleBreaks([long], { 'src/modules/alpha/routes.ts long': { lines, why } })).toEqual([]);
    expect(
      routeRuleBreaks([long], { 'src/modules/alpha/routes.ts long': { lines: lines - 1, why } }),
    ).toEqual([
      `route-registration-length: src/modules/alpha/routes.ts long is ${lines} lines, at most ${lines - 1} (LONG_FOR_NOW)`,
    ]);
    const short = facts(registering('long', 1));
    expect(routeRuleBreaks([short], { 'src/modules/alpha/routes.ts long': { lines, why } })).toEqual([
      'route-registration-length: src/modules/alpha/routes.ts long is 5 lines now; drop it from LONG_FOR_NOW',
    ]);
    expect(routeRuleBreaks([short], { 'src/modules/alpha/routes.ts gone': { lines, why } })).toEqual([
      'route-length: LONG_FOR_NOW names src/modules/alpha/routes.ts gone, which registers no route now',
    ]);
  });

  it("find no break in the node's route files, with no long function left to split", () => {
    expect(LONG_FOR_NOW).toEqual({});
    expect(routeRuleBreaks()).toEqual([]);
  });
});
