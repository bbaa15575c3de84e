import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ArchiveError, readBackupArchive, writeBackupArchive } from './archive.ts';
import { versionHash, withoutBackupMarker } from './copy.ts';
import { readTar, writeTar } from './ustar.ts';

const id = randomUUID();
const doc = (version: number) => ({ id, productId: '09506000134352', digitalSeal: { version }, n: version });
const archive = () =>
  writeBackupArchive({
    originBaseUrl: 'https://origin.example.test',
    workspaceId: randomUUID(),
    createdAt: new Date('2026-01-01T00:00:00.000Z'),
    caPem: '-----BEGIN CERTIFICATE-----\n…\n-----END CERTIFICATE-----\n',
    passports: [{ id, productId: '09506000134352', versions: [doc(3), doc(1)], units: [{ id: 'u1' }] }],
  });

/** The archive with one member's bytes replaced. */
function replaced(bytes: Buffer, name: string, data: string) {
  return writeTar(readTar(bytes).map((e) => (e.name === name ? { name, data: Buffer.from(data) } : e)));
}

describe('backup archive', () => {
  it('reads back the manifest, the CA, every version in ascending order, and the units', () => {
    const read = readBackupArchive(archive());
    expect(read.manifest.passports).toEqual([
      {
        id,
        productId: '09506000134352',
        versions: [
          { version: 1, versionHash: versionHash(doc(1)) },
          { version: 3, versionHash: versionHash(doc(3)) },
        ],
        units: true,
      },
    ]);
    expect(read.caPem).toMatch(/BEGIN CERTIFICATE/);
    expect(read.versions.map((v) => [v.member, v.document])).toEqual([
      [`passports/${id}/versions/1.json`, doc(1)],
      [`passports/${id}/versions/3.json`, doc(3)],
    ]);
    expect(read.units).toEqual([{ passportId: id, units: [{ id: 'u1' }] }]);
    expect(
      readTar(archive())
        .map((e) => e.name)
        .slice(0, 2),
    ).toEqual(['manifest.json', 'ca.pem']);
  });

  it('refuses a version that is not the one the manifest hashed', () => {
    const bytes = replaced(archive(), `passports/${id}/versions/1.json`, JSON.stringify({ ...doc(1), n: 9 }));
    expect(() => readBackupArchive(bytes)).toThrow(/does not match its versionHash/);
  });

  it('refuses members the manifest does not list, a missing CA, another format, a manifest not first', () => {
    const entries = readTar(archive());
    const extra = writeTar([
      ...entries,
      { name: `passports/${id}/versions/7.json`, data: Buffer.from('{}') },
    ]);
    expect(() => readBackupArchive(extra)).toThrow(/not listed in the manifest/);
    const noCa = writeTar(entries.filter((e) => e.name !== 'ca.pem'));
    expect(() => readBackupArchive(noCa)).toThrow(/no ca.pem/);
    const manifest = JSON.parse((entries[0] as { data: Buffer }).data.toString());
    const other = replaced(archive(), 'manifest.json', JSON.stringify({ ...manifest, format: 'x/2' }));
    expect(() => readBackupArchive(other)).toThrow(/format/);
    expect(() => readBackupArchive(writeTar([...entries.slice(1), entries[0] as never]))).toThrow(
      /first member/,
    );
    expect(() => readBackupArchive(Buffer.from('nonsense'))).toThrow(ArchiveError);
  });

  it('hashes the canonical form, whatever the member order, and drops only the backup marker', () => {
    expect(versionHash({ a: 1, b: [2] })).toBe(versionHash({ b: [2], a: 1 }));
    expect(versionHash({ a: 1 })).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(versionHash({ a: 1, versionHash: 'x', backupUri: 'y', backup: {} })).toBe(versionHash({ a: 1 }));
    expect(versionHash({ a: 1, metadata: { backup: 1 } })).not.toBe(versionHash({ a: 1, metadata: {} }));
    expect(withoutBackupMarker({ a: 1, backupOf: { version: 1 } })).toEqual({
      document: { a: 1 },
      marked: true,
    });
    expect(withoutBackupMarker({ a: 1 })).toEqual({ document: { a: 1 }, marked: false });
  });
});
