import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { readTar, TarError, writeTar } from './ustar.ts';

const dir = mkdtempSync(join(tmpdir(), 'ustar-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const entry = (name: string, text: string) => ({ name, data: Buffer.from(text) });

describe('ustar', () => {
  it('reads back what it wrote, in order, for any names and contents', () => {
    const name = fc
      .array(fc.stringMatching(/^[a-z0-9._-]{1,20}$/), { minLength: 1, maxLength: 4 })
      .map((parts) => parts.join('/'))
      .filter((n) => !n.split('/').includes('..'));
    fc.assert(
      fc.property(
        fc.array(fc.record({ name, data: fc.uint8Array({ maxLength: 1500 }).map((a) => Buffer.from(a)) }), {
          minLength: 1,
          maxLength: 6,
        }),
        (entries) => {
          expect(readTar(writeTar(entries))).toEqual(entries);
        },
      ),
    );
  });

  it('writes archives the system tar reads', () => {
    const path = join(dir, 'written.tar');
    const long = `passports/${'a'.repeat(60)}/versions/${'b'.repeat(50)}.json`;
    writeFileSync(path, writeTar([entry('manifest.json', '{}'), entry(long, '{"x":1}')]));
    const listed = execFileSync('tar', ['-tf', path], { encoding: 'utf8' }).trim().split('\n');
    expect(listed).toEqual(['manifest.json', long]);
    const out = join(dir, 'out');
    mkdirSync(out);
    execFileSync('tar', ['-xf', path, '-C', out]);
    expect(readFileSync(join(out, long), 'utf8')).toBe('{"x":1}');
  });

  it('reads archives the system tar writes in ustar format, skipping directory entries', () => {
    const source = join(dir, 'source');
    mkdirSync(join(source, 'passports', 'p1'), { recursive: true });
    writeFileSync(join(source, 'manifest.json'), '{"format":"x"}');
    writeFileSync(join(source, 'passports', 'p1', 'units.json'), '[]');
    const path = join(dir, 'system.tar');
    execFileSync('tar', ['--format=ustar', '-cf', path, '-C', source, 'manifest.json', 'passports']);
    const entries = readTar(readFileSync(path));
    expect(entries.map((e) => [e.name, e.data.toString()])).toEqual([
      ['manifest.json', '{"format":"x"}'],
      ['passports/p1/units.json', '[]'],
    ]);
  });

  it('refuses a damaged header, cut data, links and names that climb out', () => {
    const archive = writeTar([entry('a.json', 'hello')]);
    const damaged = Buffer.from(archive);
    damaged[10] = 0x41;
    expect(() => readTar(damaged)).toThrow(/checksum/);
    expect(() => readTar(archive.subarray(0, 512 + 2))).toThrow(TarError);
    const link = Buffer.from(archive);
    link[156] = '2'.charCodeAt(0);
    // Keep the checksum right so that only the type is wrong.
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 0x20 : (link[i] as number);
    link.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'ascii');
    expect(() => readTar(link)).toThrow(/not a regular file/);
    expect(() => writeTar([entry('../x', '')])).toThrow(/relative/);
    expect(() => readTar(Buffer.from('not a tar archive at all'.repeat(40)))).toThrow(TarError);
    expect(() => readTar(Buffer.alloc(0))).toThrow(TarError);
  });

  it('refuses more files than allowed', () => {
    const archive = writeTar([entry('a', '1'), entry('b', '2'), entry('c', '3')]);
    expect(() => readTar(archive, { maxEntries: 2 })).toThrow(/more than 2/);
  });
});
