// A test's app is built and closed by useTestApp() or appTest's newApp (test/helpers/use-test-app.ts;
// docs/architecture.md, "Finding a route's test"), so it is closed even when a test fails: outside
// test/helpers and test/scale (several instances, processes), no test file builds an app with
// testApp or buildApp, or closes an app by hand.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const TESTS = join(import.meta.dirname, '..');
const SELF = relative(TESTS, import.meta.filename);

/** The test files that build or close an app by hand, each with why; an entry no longer needed fails. */
const BY_HAND: Readonly<Record<string, string>> = {
  'foundation/response-check.test.ts':
    "the app is a bare Fastify instance with routes of its own, not the node's: the response check is tested on it",
  'gs1/key-conflicts.test.ts':
    'it seeds a store on disk through an app, which must be closed with its store before a server process opens the same data directory',
  'passports/history-access-log.test.ts':
    'the closing is what it tests: closing the app writes the access-log entries still queued',
};

const BUILDS = /\b(?:testApp|buildApp)\(/g;
/** A name bound to an app: `const app = useTestApp(…)`, `other = await newApp(…)`, … */
const BOUND = /\b(\w+)[ \t]*(?::[^=;()\n]+)?=\s*(?:await\s+)?(?:useTestApp|newApp|testApp|buildApp)\(/g;
const CLOSES = /\b(\w+)\??\.close\(\)/g;

/** What a file does by hand: each build of an app and each close of one, as written. */
function appsByHand(text: string): string[] {
  const apps = new Set([...text.matchAll(BOUND)].map((match) => match[1]));
  const builds = [...text.matchAll(BUILDS)].map((match) => match[0]);
  const closes = [...text.matchAll(CLOSES)]
    .filter(([, name = '']) => apps.has(name) || /app$/i.test(name))
    .map((match) => match[0]);
  return [...builds, ...closes];
}

function testFiles(): string[] {
  return (readdirSync(TESTS, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((file) => file.endsWith('.ts') && !/^(helpers|scale)\//.test(file) && file !== SELF)
    .sort();
}

describe('test apps', () => {
  it('finds an app built or closed by hand, whatever its name', () => {
    const text = [
      'const app = useTestApp();',
      'afterAll(() => app?.close());',
      'const other = await testApp({ clock });',
      'await other.close();',
      '// An instance that hears nothing: only the time to live bounds its staleness.',
      'deaf = await buildApp({ config, db });',
      'await deaf.close();',
      'await pageApp.close();',
      'await browser.close();',
      'const restarted = await newApp();',
      'await restarted.close();',
    ].join('\n');
    expect(appsByHand(text)).toEqual([
      'testApp(',
      'buildApp(',
      'app?.close()',
      'other.close()',
      'deaf.close()',
      'pageApp.close()',
      'restarted.close()',
    ]);
    expect(appsByHand('const app = useTestApp();\nconst { newApp } = ctx;\nawait server.close();')).toEqual(
      [],
    );
  });

  it('leaves every app of a test file to useTestApp or newApp, but for the files that say why', () => {
    const byHand = testFiles().flatMap((file) => {
      const found = appsByHand(readFileSync(join(TESTS, file), 'utf8'));
      return found.length > 0 ? [[file, found] as const] : [];
    });
    // Each file with what it does by hand, so a failure names the calls.
    expect(Object.fromEntries(byHand.filter(([file]) => !(file in BY_HAND)))).toEqual({});
    const needed = new Set(byHand.map(([file]) => file));
    expect(Object.keys(BY_HAND).filter((file) => !needed.has(file))).toEqual([]);
  });
});
