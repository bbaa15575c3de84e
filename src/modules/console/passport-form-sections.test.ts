import { describe, expect, it } from 'vitest';
import { categorySchemas } from '../../domain/categories/schemas/index.ts';
import { ENVELOPE, expandMissing, mergeSection, sectionOf, sectionsOf } from './passport-form-sections.ts';

const schema = categorySchemas.batteries;

describe('passport form sections', () => {
  it('has the passport section, then one per top-level group', () => {
    const sections = sectionsOf(schema);
    expect(sections.slice(0, 3)).toEqual([ENVELOPE, 'generalInformation', 'materialComposition']);
    expect(sectionOf('/metadata/performance/ratedCapacity', sections)).toBe('performance');
    expect(sectionOf('/productId', sections)).toBe(ENVELOPE);
    expect(sectionsOf(undefined)).toEqual([ENVELOPE, 'metadata']);
  });

  it('replaces one section of the stored metadata and keeps the rest', () => {
    const stored = { performance: { ratedCapacity: 1 }, labelling: { labels: [] } };
    expect(mergeSection(stored, 'performance', { performance: { ratedCapacity: 2 } })).toEqual({
      performance: { ratedCapacity: 2 },
      labelling: { labels: [] },
    });
    expect(mergeSection(stored, 'performance', {})).toEqual({ labelling: { labels: [] } });
  });

  it('lists a missing group as its missing required fields, down to the leaves', () => {
    const expanded = expandMissing(
      schema,
      [
        { code: 'REQUIRED_FIELD_MISSING', path: '/metadata/performance', message: 'performance is required' },
        { code: 'WRONG_TYPE', path: '/metadata/x', message: 'wrong' },
      ],
      (field) => `${field} missing`,
    );
    expect(expanded.map((item) => item.path)).toEqual([
      '/metadata/performance/ratedCapacity',
      '/metadata/performance/minimumVoltage',
      '/metadata/performance/nominalVoltage',
      '/metadata/performance/maximumVoltage',
      '/metadata/x',
    ]);
    expect(expanded[0]?.message).toBe('ratedCapacity missing');
  });
});
