import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  leafHash,
  leafHashInput,
  leafHashOfEncodedSalt,
  merkleLevels,
  merkleRoot,
  nodeHash,
} from './merkle.ts';

const sha256 = (...parts: Uint8Array[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

/** RFC 6962 §2.1 Merkle Tree Hash, written from its recursive definition, over given leaf hashes. */
function mth(hashes: Buffer[]): Buffer {
  if (hashes.length === 1) return hashes[0] as Buffer;
  let k = 1;
  while (k * 2 < hashes.length) k *= 2;
  return sha256(Buffer.from([1]), mth(hashes.slice(0, k)), mth(hashes.slice(k)));
}

const salt = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex');

describe('leaf hash', () => {
  it('is SHA-256 over 0x00, the salt, and UTF-8 of JCS [path, value]', () => {
    const input = leafHashInput('/name', 'Zoë', salt);
    const expected = Buffer.concat([Buffer.from([0]), salt, Buffer.from('["/name","Zoë"]', 'utf8')]);
    expect(input).toEqual(expected);
    expect(leafHash('/name', 'Zoë', salt)).toEqual(sha256(expected));
  });

  it('uses JCS for numbers, escapes and empty containers', () => {
    const content = (value: Parameters<typeof leafHashInput>[1]) =>
      leafHashInput('/v', value, salt).subarray(17).toString('utf8');
    expect(content(1e21)).toBe('["/v",1e+21]');
    expect(content(1.0)).toBe('["/v",1]');
    expect(content(-0)).toBe('["/v",0]');
    expect(content(0.000001)).toBe('["/v",0.000001]');
    expect(content(1e-7)).toBe('["/v",1e-7]');
    expect(content('a"b\\c\u0001\u2028')).toBe('["/v","a\\"b\\\\c\\u0001\u2028"]');
    expect(content({})).toBe('["/v",{}]');
    expect(content([])).toBe('["/v",[]]');
    expect(content(null)).toBe('["/v",null]');
    expect(content(false)).toBe('["/v",false]');
  });

  it('depends on path, value and salt', () => {
    const base = leafHash('/a', 1, salt).toString('hex');
    expect(leafHash('/b', 1, salt).toString('hex')).not.toBe(base);
    expect(leafHash('/a', 2, salt).toString('hex')).not.toBe(base);
    expect(leafHash('/a', '1', salt).toString('hex')).not.toBe(base);
    expect(leafHash('/a', 1, Buffer.alloc(16)).toString('hex')).not.toBe(base);
  });

  it('needs a 16-byte salt', () => {
    expect(() => leafHash('/a', 1, Buffer.alloc(15))).toThrow(RangeError);
    expect(() => leafHashInput('/a', 1, Buffer.alloc(32))).toThrow(RangeError);
  });
});

describe('Merkle tree', () => {
  it('is SHA-256(0x01 ‖ left ‖ right) for interior nodes', () => {
    const a = sha256(Buffer.from('a'));
    const b = sha256(Buffer.from('b'));
    expect(nodeHash(a, b)).toEqual(sha256(Buffer.from([1]), a, b));
    expect(merkleRoot([a, b])).toEqual(nodeHash(a, b));
  });

  it('promotes an odd node unchanged, and a single leaf is the root', () => {
    const [a, b, c] = ['a', 'b', 'c'].map((s) => sha256(Buffer.from(s))) as [Buffer, Buffer, Buffer];
    expect(merkleRoot([a])).toEqual(a);
    expect(merkleRoot([a, b, c])).toEqual(nodeHash(nodeHash(a, b), c));
    expect(merkleLevels([a, b, c]).map((level) => level.length)).toEqual([3, 2, 1]);
  });

  it('equals the RFC 6962 Merkle Tree Hash for any number of leaves', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 70 }), fc.nat(), (count, seed) => {
        const hashes = Array.from({ length: count }, (_, i) => sha256(Buffer.from(`${seed}:${i}`)));
        expect(merkleRoot(hashes)).toEqual(mth(hashes));
      }),
    );
  });

  it('refuses an empty leaf set', () => {
    expect(() => merkleRoot([])).toThrow(RangeError);
  });
});

describe('leafHashOfEncodedSalt (the verifier’s leaf hash)', () => {
  const scalar = fc.oneof(
    fc.string({ unit: 'grapheme' }),
    fc.string({ unit: 'binary' }),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.constant({}),
    fc.constant([]),
  );

  it('hashes what leafHash hashes, over JCS text from the canonicalize package', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), scalar, (path, value) => {
        const expected = sha256(
          Buffer.from([0]),
          salt,
          Buffer.from(`[${canonicalize(path)},${canonicalize(value)}]`, 'utf8'),
        );
        expect(leafHash(path, value as never, salt)).toEqual(expected);
        expect(leafHashOfEncodedSalt(path, value as never, salt.toString('base64url'))).toEqual(expected);
      }),
    );
  });

  it('refuses a lone surrogate in the path or the value, as RFC 8785 does', () => {
    const text = salt.toString('base64url');
    expect(() => leafHashOfEncodedSalt('/a\ud800', 'x', text)).toThrow();
    expect(() => leafHashOfEncodedSalt('/a', 'x\udc00y', text)).toThrow();
    expect(() => leafHash('/a', '\ud800', salt)).toThrow();
  });
});
