import { describe, expect, it } from 'vitest';
import { parseElementIdPath } from './element-path.ts';
import type { JsonValue } from './merge-patch.ts';
import { updateFromDocumentPatch, updateFromElementPatch } from './update.ts';

const document = (): Record<string, JsonValue> => ({
  '@id': 'https://dpp.example.eu/01/04006381333931',
  id: '5d2c7a0e-2f4b-4c8e-9a61-3b7e0f9d4c21',
  productId: '04006381333931',
  granularity: 'model',
  digitalSeal: null,
  status: 'ACTIVE',
  category: 'batteries',
  originCountry: 'DE',
  metadata: { carbonFootprint: { total: 68.4, performanceClass: 'B' }, tags: ['EV'] },
});

const tokens = (path: string) => {
  const parsed = parseElementIdPath(path);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.tokens;
};

describe('updateFromDocumentPatch', () => {
  it('turns a metadata merge patch into the whole new metadata', () => {
    expect(
      updateFromDocumentPatch(document(), {
        metadata: { carbonFootprint: { total: 70, performanceClass: null } },
      }),
    ).toEqual({
      ok: true,
      body: { metadata: { carbonFootprint: { total: 70 }, tags: ['EV'] } },
      changed: ['metadata'],
    });
  });

  it('writes productId, originCountry and granularity, clearing a removed country', () => {
    expect(updateFromDocumentPatch(document(), { originCountry: null, granularity: 'batch' })).toEqual({
      ok: true,
      body: { granularity: 'batch', originCountry: null },
      changed: ['granularity', 'originCountry'],
    });
  });

  it('asks for nothing when the patch changes nothing', () => {
    expect(
      updateFromDocumentPatch(document(), { id: document().id as string, metadata: { tags: ['EV'] } }),
    ).toEqual({
      ok: true,
      body: {},
      changed: [],
    });
  });

  it('refuses derived, seal and lifecycle members with their paths', () => {
    expect(
      updateFromDocumentPatch(document(), {
        id: 'x',
        status: 'RECALLED',
        digitalSeal: { a: 1 },
        'a/b': 1,
        metadata: null,
      }),
    ).toEqual({
      ok: false,
      errors: [
        { path: '/id', message: "'id' is not written by an update" },
        { path: '/digitalSeal', message: "'digitalSeal' is not written by an update" },
        { path: '/status', message: "'status' is not written by an update" },
        { path: '/metadata', message: "'metadata' cannot be removed" },
        { path: '/a~1b', message: "'a/b' is not written by an update" },
      ],
    });
  });

  it('refuses a patch that is not an object', () => {
    expect(updateFromDocumentPatch(document(), ['x'])).toMatchObject({ ok: false, errors: [{ path: '' }] });
  });
});

describe('updateFromElementPatch', () => {
  it('patches one element inside the metadata', () => {
    expect(updateFromElementPatch(document(), tokens('metadata.carbonFootprint.total'), 71)).toEqual({
      ok: true,
      body: { metadata: { carbonFootprint: { total: 71, performanceClass: 'B' }, tags: ['EV'] } },
      changed: ['metadata'],
    });
    expect(updateFromElementPatch(document(), tokens('metadata.tags[0]'), 'ESS')).toMatchObject({
      ok: true,
      body: { metadata: { tags: ['ESS'] } },
    });
    expect(
      updateFromElementPatch(document(), tokens('metadata.carbonFootprint'), { performanceClass: null }),
    ).toMatchObject({
      ok: true,
      body: { metadata: { carbonFootprint: { total: 68.4 } } },
    });
  });

  it('answers not found for an element that does not exist', () => {
    expect(updateFromElementPatch(document(), tokens('metadata.missing'), 1)).toEqual({
      ok: false,
      found: false,
    });
    expect(updateFromElementPatch(document(), tokens('metadata.tags[3]'), 1)).toEqual({
      ok: false,
      found: false,
    });
  });

  it('refuses an element the update does not write', () => {
    expect(updateFromElementPatch(document(), tokens('status'), 'RECALLED')).toEqual({
      ok: false,
      errors: [{ path: '/status', message: "'status' is not written by an update" }],
    });
  });
});
