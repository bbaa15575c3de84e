import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.ts';
import { checkContract } from './check.ts';
import { bumpBetween, compareVersions, formatVersion, nextVersion, parseVersion } from './semver.ts';

const doc = (fields: string[]) => ({
  openapi: '3.1.0',
  paths: {
    '/a': {
      get: {
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: Object.fromEntries(fields.map((f) => [f, { type: 'string' }])),
                },
              },
            },
          },
        },
      },
    },
  },
});

describe('checkContract', () => {
  it('fails a removed field without a MAJOR bump and passes it with one', () => {
    const previous = { version: '1.17.0', document: doc(['a', 'b']) };
    const minor = checkContract(previous, { version: '1.18.0', document: doc(['a']) });
    expect(minor.ok).toBe(false);
    expect(minor.required).toBe('MAJOR');
    expect(minor.report).toContain('response field removed');
    expect(minor.report).toContain('at least 2.0.0');
    expect(checkContract(previous, { version: '2.0.0', document: doc(['a']) }).ok).toBe(true);
  });

  it('lets a waiver carry a breaking change on a MINOR bump, and nothing smaller', () => {
    const previous = { version: '1.17.0', document: doc(['a', 'b']) };
    expect(checkContract(previous, { version: '1.18.0', document: doc(['a']) }, { waiver: true }).ok).toBe(
      true,
    );
    expect(checkContract(previous, { version: '1.17.1', document: doc(['a']) }, { waiver: true }).ok).toBe(
      false,
    );
  });

  it('fails a version that went backwards even without a change', () => {
    const verdict = checkContract(
      { version: '1.17.0', document: doc([]) },
      { version: '1.16.9', document: doc([]) },
    );
    expect(verdict.ok).toBe(false);
    expect(verdict.made).toBeNull();
  });
});

const version = fc.record({ major: fc.nat(30), minor: fc.nat(30), patch: fc.nat(30) });

describe('contract versions', () => {
  it('read back what they print, and refuse anything but MAJOR.MINOR.PATCH', () => {
    fc.assert(
      fc.property(version, (v) => {
        expect(parseVersion(formatVersion(v))).toEqual(v);
      }),
    );
    for (const bad of ['1.2', '01.2.3', '1.2.3-rc.1', 'v1.2.3', '1.2.3 '])
      expect(parseVersion(bad)).toBeNull();
  });

  it('measure the step a bump makes as that bump', () => {
    fc.assert(
      fc.property(version, fc.constantFrom('NONE', 'PATCH', 'MINOR', 'MAJOR' as const), (v, bump) => {
        const next = nextVersion(v, bump);
        expect(bumpBetween(v, next)).toBe(bump);
        expect(compareVersions(next, v)).toBeGreaterThanOrEqual(0);
        if (bump !== 'NONE') expect(bumpBetween(next, v)).toBeNull();
      }),
    );
  });
});

describe('canonicalJson', () => {
  it('writes equal values as equal text, whatever the key order', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const reordered = JSON.parse(
          JSON.stringify(value, (_k, v) =>
            v && typeof v === 'object' && !Array.isArray(v)
              ? Object.fromEntries(Object.entries(v).reverse())
              : v,
          ),
        );
        expect(canonicalJson(reordered)).toBe(canonicalJson(value));
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});
