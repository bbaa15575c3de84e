import { describe, expect, it } from 'vitest';
import { versionHash } from './copy.ts';
import { versionHashOf } from './version-hash.ts';

describe('versionHashOf', () => {
  const document = { id: 'a', metadata: { b: 1, a: [1, 'x'] }, digitalSeal: { version: 2 } };

  it('is the host’s hash of the same document, whatever the key order', () => {
    const reordered = { digitalSeal: { version: 2 }, metadata: { a: [1, 'x'], b: 1 }, id: 'a' };
    expect(versionHashOf(document)).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(versionHashOf(reordered)).toBe(versionHash(document));
  });

  it('leaves the owner read’s annotations out, and nothing else', () => {
    const annotated = {
      ...document,
      versionHash: 'sha256:0',
      backupUri: 'https://x',
      backup: { status: 'held' },
    };
    expect(versionHashOf(annotated)).toBe(versionHashOf(document));
    expect(versionHashOf({ ...document, id: 'b' })).not.toBe(versionHashOf(document));
  });
});
