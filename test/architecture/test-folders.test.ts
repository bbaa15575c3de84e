// Tests mirror the code: every module that serves routes or pages has its tests in test/<module>/,
// so a route's test is found from the module's name (docs/architecture.md, "Finding a route's test").
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES = join(import.meta.dirname, '../../src/modules');
const TESTS = join(import.meta.dirname, '..');

/** A module serves HTTP when one of its files registers routes or pages. */
function servesRoutes(module: string): boolean {
  return readdirSync(join(MODULES, module)).some((file) => /(routes|pages?)\.ts$/.test(file));
}

function testFilesOf(module: string): string[] {
  const folder = join(TESTS, module);
  if (!existsSync(folder)) return [];
  return readdirSync(folder).filter((file) => file.endsWith('.test.ts'));
}

describe('test folders', () => {
  const modules = readdirSync(MODULES).filter(servesRoutes);

  it('finds the modules that serve routes', () => {
    expect(modules).toContain('passports');
    expect(modules).toContain('console');
  });

  it('gives every module that serves routes a test folder of its own name', () => {
    const without = modules.filter((module) => testFilesOf(module).length === 0);
    expect(without).toEqual([]);
  });
});
