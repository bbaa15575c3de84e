import { describe, expect, it } from 'vitest';
import { changeLabel, changeValue } from './change-words.ts';

describe('a version comparison in field labels', () => {
  it('names a changed field by the labels of its path, items counted from 1', () => {
    expect(changeLabel('en', 'batteries', '/metadata/generalInformation/manufacturer/name')).toMatch(
      /^General information › Manufacturer › .*[Nn]ame/,
    );
    expect(
      changeLabel('en', 'batteries', '/metadata/materialComposition/hazardousSubstances/1/name'),
    ).toMatch(/ 2 › /);
    expect(changeLabel('de', 'batteries', '/productId')).not.toBe('/productId');
    expect(changeLabel('en', 'batteries', '/updatedAt')).toBe('/updatedAt');
  });

  it('shows values as words', () => {
    expect(changeValue('en', undefined)).toBe('—');
    expect(changeValue('en', 'LMT')).toBe('Light means of transport battery');
    expect(changeValue('en', 'Kassel')).toBe('Kassel');
    expect(changeValue('en', 12.5)).toBe('12.5');
  });
});
