import { describe, expect, it } from 'vitest';
import { readMetadata } from './form-values.ts';
import {
  type FormNode,
  formNode,
  isRepeatable,
  nodesByPointer,
  placeErrors,
  type Schema,
} from './schema-form.ts';

const SCHEMA: Schema = {
  type: 'object',
  required: ['name', 'sealed'],
  properties: {
    name: { type: 'string', title: 'Name' },
    made: { type: 'string', format: 'date' },
    mass: { type: 'number', title: 'Mass', 'x-unit': 'kg' },
    count: { type: 'integer', 'x-unit': '1' },
    sealed: { type: 'boolean' },
    tested: { type: 'boolean' },
    grade: { type: 'string', enum: ['A', 'B'] },
    tags: { type: 'array', items: { type: 'string' } },
    parts: {
      type: 'array',
      items: { type: 'object', properties: { part: { type: 'string' }, share: { type: 'number' } } },
    },
    deep: {
      type: 'array',
      items: { type: 'object', properties: { inner: { type: 'object', properties: {} } } },
    },
  },
};
const WORDS = { notStated: '—', yes: 'yes', no: 'no', item: (label: string, n: number) => `${label} ${n}` };
const build = (value: unknown, raw: Record<string, string> = {}) =>
  formNode('/metadata', 'metadata', SCHEMA, value, true, WORDS, { raw, more: {} });
const childrenOf = (node: FormNode) => (node.kind === 'group' ? node.children : []);
const byName = (node: FormNode, pointer: string) => nodesByPointer(node).get(pointer) as FormNode;

describe('schema forms', () => {
  it('turns scalars into typed inputs, objects into groups, flat arrays into lists, deep ones into JSON', () => {
    const form = build({ tags: ['x'], deep: [{ inner: {} }] });
    expect(form.kind).toBe('group');
    const kinds = Object.fromEntries(childrenOf(form).map((node) => [node.pointer, node.kind]));
    expect(kinds).toEqual({
      '/metadata/name': 'input',
      '/metadata/made': 'input',
      '/metadata/mass': 'input',
      '/metadata/count': 'input',
      '/metadata/sealed': 'checkbox',
      '/metadata/tested': 'select',
      '/metadata/grade': 'select',
      '/metadata/tags': 'list',
      '/metadata/parts': 'list',
      '/metadata/deep': 'json',
    });
    expect(byName(form, '/metadata/made')).toMatchObject({ type: 'date' });
    expect(byName(form, '/metadata/mass')).toMatchObject({ type: 'number', step: 'any', label: 'Mass (kg)' });
    expect(byName(form, '/metadata/count')).toMatchObject({ step: '1', label: 'count' });
    // One held item plus one blank slot.
    expect(byName(form, '/metadata/tags/1')).toMatchObject({ kind: 'input', value: '' });
    expect(byName(form, '/metadata/parts/0/share')).toMatchObject({ kind: 'input', type: 'number' });
    const properties = SCHEMA.properties as Record<string, Schema>;
    expect(isRepeatable(properties.deep as Schema)).toBe(false);
    expect(isRepeatable(properties.parts as Schema)).toBe(true);
  });

  it('shows a value of the wrong shape as JSON text, and text that did not parse as typed', () => {
    expect(byName(build({ mass: 'heavy', made: 'May' }), '/metadata/mass')).toMatchObject({
      type: 'text',
      value: 'heavy',
    });
    expect(byName(build({ made: 'May' }), '/metadata/made')).toMatchObject({ type: 'text', value: 'May' });
    expect(byName(build({ made: '2026-05-01' }), '/metadata/made')).toMatchObject({ type: 'date' });
    expect(byName(build({ tags: 'oops' }), '/metadata/tags')).toMatchObject({
      kind: 'json',
      value: '"oops"',
    });
    expect(byName(build({}, { '/metadata/deep': '[1,' }), '/metadata/deep')).toMatchObject({ value: '[1,' });
  });

  it('puts each error beside its field, or the nearest field holding it', () => {
    const form = build({ deep: [{ inner: {} }] });
    const nodes = nodesByPointer(form);
    const left = placeErrors(nodes, [
      { path: '/metadata/name', message: 'needed' },
      { path: '/metadata/deep/0/inner/x', message: 'unknown' },
      { path: '/productId', message: 'elsewhere' },
    ]);
    expect(byName(form, '/metadata/name').errors).toEqual(['needed']);
    expect(byName(form, '/metadata/deep').errors).toEqual(['unknown']);
    expect(left).toEqual(['elsewhere']);
  });
});

describe('reading a posted form', () => {
  it('converts by the schema, leaves out blanks and blank items, and parses JSON areas', () => {
    const params = new URLSearchParams([
      ['/metadata/name', 'Cell'],
      ['/metadata/mass', '1.5'],
      ['/metadata/count', 'lots'],
      ['/metadata/sealed', 'false'],
      ['/metadata/sealed', 'true'],
      ['/metadata/tested', ''],
      ['/metadata/tags/0', ''],
      ['/metadata/tags/1', 'b'],
      ['/metadata/parts/0/part', ''],
      ['/metadata/parts/1/part', 'lid'],
      ['/metadata/parts/1/share', '2'],
      ['/metadata/deep', '[{"inner": {}}]'],
    ]);
    expect(readMetadata(params, SCHEMA)).toEqual({
      metadata: {
        name: 'Cell',
        mass: 1.5,
        count: 'lots',
        sealed: true,
        tags: ['b'],
        parts: [{ part: 'lid', share: 2 }],
        deep: [{ inner: {} }],
      },
      raw: {},
    });
  });

  it('keeps JSON that does not parse, and reads a whole metadata area without a schema', () => {
    expect(readMetadata(new URLSearchParams([['/metadata/deep', '[1,']]), SCHEMA)).toEqual({
      metadata: {},
      raw: { '/metadata/deep': '[1,' },
    });
    expect(readMetadata(new URLSearchParams([['/metadata', '{"ceMarking": true}']]), undefined)).toEqual({
      metadata: { ceMarking: true },
      raw: {},
    });
  });
});

describe('mending what a form can', () => {
  const schema = {
    type: 'object',
    properties: {
      countryCode: { type: 'string', pattern: '^[A-Z]{2}$' },
      mass: { type: 'number' },
      name: { type: 'string', pattern: '^[A-Z]' },
    },
  };
  const read = (fields: [string, string][], decimalComma: boolean) =>
    readMetadata(new URLSearchParams(fields), schema, { decimalComma }).metadata;

  it('upper-cases where only capitals fit, and reads a decimal comma where the language writes one', () => {
    expect(
      read(
        [
          ['/metadata/countryCode', 'de'],
          ['/metadata/mass', '12,5'],
        ],
        true,
      ),
    ).toEqual({
      countryCode: 'DE',
      mass: 12.5,
    });
    // In English a comma is not a decimal sign: the text goes to the validator as typed.
    expect(read([['/metadata/mass', '12,5']], false)).toEqual({ mass: '12,5' });
    // What a capital cannot mend is left as typed, and a value that already fits is not changed.
    expect(
      read(
        [
          ['/metadata/countryCode', 'Germany'],
          ['/metadata/name', 'Volt'],
        ],
        true,
      ),
    ).toEqual({
      countryCode: 'Germany',
      name: 'Volt',
    });
  });
});
