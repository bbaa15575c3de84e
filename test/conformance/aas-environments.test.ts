// Our AAS environment validator against the AAS V3.0 material: every example environment of the
// aas-specs JSON schema must be accepted, every malformed environment of the aas-core test generator
// (the corpus the IDTA test engines use) refused with a path, and the IDTA submodel-template fixtures
// accepted. Counts are asserted so that a shrunken corpus cannot pass silently.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateEnvironment } from '../../src/domain/aas/validate.ts';
import { material } from './material.ts';

const walk = (dir: string): string[] =>
  readdirSync(dir)
    .sort()
    .flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]))
    .filter((file) => file.endsWith('.json'));

const read = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

/** Files per folder two levels under `root` (e.g. `Invalid/PatternViolation`). */
function countByKind(root: string, files: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const file of files) {
    const kind = relative(root, file).split('/').slice(0, 2).join('/');
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  return counts;
}

describe('aas-specs V3.0 example environments', () => {
  const root = material('aas-specs-v3.0', 'schemas', 'json', 'examples');
  const files = walk(root);

  it('are all accepted (2,558)', () => {
    expect(files).toHaveLength(2558);
    const refused = files
      .map((file) => ({ file: relative(root, file), result: validateEnvironment(read(file)) }))
      .filter(({ result }) => !result.ok);
    expect(refused).toEqual([]);
  });
});

describe('aas-core3.0-testgen negative environments', () => {
  const testgen = material('aas-core3.0-testgen', 'test_data', 'Json');
  const contained = join(testgen, 'ContainedInEnvironment', 'Unexpected');
  const selfContained = join(testgen, 'SelfContained', 'Unexpected');
  const files = [...walk(contained), ...walk(selfContained)];

  it('number 2,037 in the documented kinds', () => {
    expect(files).toHaveLength(2037);
    expect(countByKind(contained, walk(contained))).toEqual({
      'Invalid/ConstraintViolation': 13,
      'Invalid/DateTimeUtcViolationOnFebruary29th': 1,
      'Invalid/InvalidMinMaxExample': 245,
      'Invalid/InvalidValueExample': 735,
      'Invalid/MaxLengthViolation': 60,
      'Invalid/MinLengthViolation': 183,
      'Invalid/PatternViolation': 306,
      'Invalid/SetViolation': 6,
      'Unserializable/EnumViolation': 15,
      'Unserializable/InvalidModelType': 18,
      'Unserializable/MissingModelType': 18,
      'Unserializable/NullViolation': 49,
      'Unserializable/RequiredViolation': 49,
      'Unserializable/TypeViolation': 260,
      'Unserializable/UnexpectedAdditionalProperty': 36,
    });
  });

  it('are all refused, each with at least one located problem', () => {
    const accepted: string[] = [];
    for (const file of files) {
      const result = validateEnvironment(read(file));
      if (result.ok) accepted.push(relative(testgen, file));
      else for (const error of result.errors) expect(error.path).toMatch(/^(\/[^/]*)*$/);
    }
    expect(accepted).toEqual([]);
  });

  it('report an unexpected member at its own path', () => {
    const result = validateEnvironment(
      read(
        join(selfContained, 'Unserializable', 'UnexpectedAdditionalProperty', 'Environment', 'invalid.json'),
      ),
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]?.message).toMatch(/^Unexpected member/);
  });

  it('leave the expected self-contained environments acceptable (2)', () => {
    const expected = walk(join(testgen, 'SelfContained', 'Expected', 'Environment'));
    expect(expected).toHaveLength(2);
    for (const file of expected) expect(validateEnvironment(read(file)).ok).toBe(true);
  });
});

describe('aas-core3.0-testgen event payloads', () => {
  it('are not environments, so all 14 valid ones are refused by name of their members', () => {
    const payloads = walk(
      material('aas-core3.0-testgen', 'test_data', 'Json', 'SelfContained', 'Expected', 'EventPayload'),
    );
    expect(payloads).toHaveLength(14);
    for (const file of payloads) {
      const result = validateEnvironment(read(file));
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.errors[0]?.message).toMatch(/^Unexpected member/);
    }
  });
});

describe('aas-test-engines submodel-template fixtures', () => {
  const root = material('aas-test-engines', 'test', 'fixtures', 'submodel_templates');

  it.each(['digital_nameplate.json', 'contact_information.json'])('%s is accepted', (name) => {
    expect(validateEnvironment(read(join(root, name)))).toMatchObject({ ok: true });
  });
});
