import { describe, expect, it } from 'vitest';
import { describeThrown, diskProblem } from './boot-failure.ts';

// What PGlite throws when its file system refuses a write: a plain object, not an Error.
const pgliteFsError = (errno: number) => ({ name: 'ErrnoError', errno });

describe('boot failures', () => {
  it('describe a thrown non-Error by its fields instead of [object Object]', () => {
    expect(describeThrown(pgliteFsError(51))).toBe('name=ErrnoError errno=51');
    expect(describeThrown('text')).toBe('text');
    expect(describeThrown(new Error('plain'))).toContain('Error: plain');
  });

  it('name the data directory and the cause when the disk is full or read-only', () => {
    expect(diskProblem(pgliteFsError(51), '/srv/dpp')).toBe(
      'the disk holding the data directory /srv/dpp is full (name=ErrnoError errno=51)',
    );
    expect(diskProblem(pgliteFsError(69), '/srv/dpp')).toMatch(
      /^the data directory \/srv\/dpp is not writable: it is on a read-only file system/,
    );
    const full = Object.assign(new Error('could not extend file'), { code: '53100' });
    expect(diskProblem(Object.assign(new Error('Failed query'), { cause: full }), '/srv/dpp')).toMatch(
      /^the disk holding the data directory \/srv\/dpp is full/,
    );
  });

  it('leave other failures alone', () => {
    expect(diskProblem(new Error('relation "x" does not exist'), '/srv/dpp')).toBeUndefined();
    expect(diskProblem(pgliteFsError(44), '/srv/dpp')).toBeUndefined();
    expect(diskProblem(Object.assign(new Error('x'), { code: '42P01' }), '/srv/dpp')).toBeUndefined();
  });
});
