// The guard against its table, over generated addresses. The oracle here is deliberately plain:
// addresses are bigints, ranges are compared bit by bit, the IPv4 positions are written from the
// RFCs, and no IP library is involved, so that a parsing or matching slip in the guard shows.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isForbiddenAddress } from './addresses.ts';
import { IPV4_SPECIAL, IPV6_SPECIAL } from './special-ranges.ts';

const RUNS = 2_000;
const ALL32 = 0xffffffffn;

function ipv4Value(text: string): bigint {
  return text.split('.').reduce((value, octet) => (value << 8n) | BigInt(Number(octet)), 0n);
}

function ipv6Value(text: string): bigint {
  const [head = '', tail] = text.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = groups(tail);
  const missing = 8 - left.length - right.length;
  const all = tail === undefined ? left : [...left, ...Array(missing).fill('0'), ...right];
  return all.reduce((value, group) => (value << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}

interface Net {
  base: bigint;
  bits: number;
  width: number;
}

function net(cidr: string): Net {
  const [address = '', bits = ''] = cidr.split('/');
  const v6 = address.includes(':');
  return { base: v6 ? ipv6Value(address) : ipv4Value(address), bits: Number(bits), width: v6 ? 128 : 32 };
}

const holds = (range: Net, value: bigint) =>
  value >> BigInt(range.width - range.bits) === range.base >> BigInt(range.width - range.bits);

const ipv4Nets = IPV4_SPECIAL.map((entry) => net(entry.cidr));
const ipv6Nets = IPV6_SPECIAL.map((entry) => net(entry.cidr));
const specialIpv4 = (value: bigint) => ipv4Nets.some((range) => holds(range, value));
const specialIpv6 = (value: bigint) => ipv6Nets.some((range) => holds(range, value));

const dotted = (value: bigint) => [24n, 16n, 8n, 0n].map((shift) => (value >> shift) & 255n).join('.');

/** Bits `from`..`from + length` of a 128-bit value, counted from the most significant. */
const bitsAt = (value: bigint, from: number, length: number) =>
  (value >> BigInt(128 - from - length)) & ((1n << BigInt(length)) - 1n);

// The IPv6 forms that carry an IPv4 address, built from an IPv4 value and random other bits.
type Form =
  | 'mapped'
  | 'nat64'
  | 'localNat64'
  | 'compatible'
  | 'translated'
  | '6to4'
  | 'teredoServer'
  | 'teredoClient';
const FORMS: Form[] = [
  'mapped',
  'nat64',
  'localNat64',
  'compatible',
  'translated',
  '6to4',
  'teredoServer',
  'teredoClient',
];

function embed(form: Form, ipv4: bigint, other: bigint): bigint {
  switch (form) {
    case 'mapped':
      return (0xffffn << 32n) | ipv4;
    case 'nat64':
      return (0x64ff9bn << 96n) | ipv4;
    case 'localNat64':
      return (0x64ff9b0001n << 80n) | ((other & 0xffffffffffffn) << 32n) | ipv4;
    case 'compatible':
      return ipv4;
    case 'translated':
      return (0xffffn << 48n) | ipv4;
    case '6to4':
      return (0x2002n << 112n) | (ipv4 << 80n) | (other & ((1n << 80n) - 1n));
    case 'teredoServer':
      return (0x20010000n << 96n) | (ipv4 << 64n) | (other & ((1n << 64n) - 1n));
    case 'teredoClient':
      return (0x20010000n << 96n) | ((other & ((1n << 64n) - 1n)) << 32n) | (ipv4 ^ ALL32);
  }
}

/**
 * RFC 6052 places the IPv4 address by the translator's prefix length; for the local-use prefix
 * (RFC 8215) every length from /48 to /96 is possible. A reading counts when its reserved bits (bits
 * 64-71 and the suffix) are zero.
 */
function localNat64Readings(value: bigint): bigint[] {
  const readings = [value & ALL32];
  if (bitsAt(value, 64, 8) !== 0n) return readings;
  if (bitsAt(value, 88, 40) === 0n) readings.push((bitsAt(value, 48, 16) << 16n) | bitsAt(value, 72, 16));
  if (bitsAt(value, 96, 32) === 0n) readings.push((bitsAt(value, 56, 8) << 24n) | bitsAt(value, 72, 24));
  if (bitsAt(value, 104, 24) === 0n) readings.push(bitsAt(value, 72, 32));
  return readings;
}

/** Every spelling a resolver or a URL might hand over: padded or not, `::`, a dotted tail, upper case. */
const spelling = fc.record({
  pad: fc.boolean(),
  compress: fc.boolean(),
  dottedTail: fc.boolean(),
  upper: fc.boolean(),
});

function spell(
  value: bigint,
  style: { pad: boolean; compress: boolean; dottedTail: boolean; upper: boolean },
) {
  const groups = Array.from({ length: 8 }, (_, index) => Number(bitsAt(value, index * 16, 16)));
  const hex = (style.dottedTail ? groups.slice(0, 6) : groups).map((group) =>
    style.pad ? group.toString(16).padStart(4, '0') : group.toString(16),
  );
  const tail = style.dottedTail ? [dotted(value & ALL32)] : [];
  let text = [...hex, ...tail].join(':');
  if (style.compress) {
    let best = { at: -1, length: 0 };
    for (let at = 0; at < hex.length; at++) {
      let length = 0;
      while (at + length < hex.length && Number.parseInt(hex[at + length] ?? '', 16) === 0) length++;
      if (length > best.length) best = { at, length };
    }
    if (best.length > 0)
      text = `${hex.slice(0, best.at).join(':')}::${[...hex.slice(best.at + best.length), ...tail].join(':')}`;
  }
  return style.upper ? text.toUpperCase() : text;
}

const bits = (width: number) => fc.bigInt({ min: 0n, max: (1n << BigInt(width)) - 1n });
const inside = (range: Net) => bits(range.width - range.bits).map((host) => range.base | host);

const blockedIpv4 = fc.constantFrom(...ipv4Nets).chain(inside);
const publicIpv4 = fc
  .oneof(
    bits(32),
    bits(8).map((first) => first << 24n),
  )
  .filter((value) => !specialIpv4(value));

describe('the webhook address guard against its table', () => {
  it('lists proper networks: no range has host bits set', () => {
    for (const range of [...ipv4Nets, ...ipv6Nets])
      expect(range.base & ((1n << BigInt(range.width - range.bits)) - 1n)).toBe(0n);
  });

  it('refuses an IPv4 address exactly when it lies in a listed range', () => {
    fc.assert(
      fc.property(fc.oneof(bits(32), blockedIpv4), (value) => {
        expect(isForbiddenAddress(dotted(value))).toBe(specialIpv4(value));
      }),
      { numRuns: RUNS },
    );
  });

  it('refuses every IPv6 form that carries a refused IPv4 address', () => {
    fc.assert(
      fc.property(blockedIpv4, fc.constantFrom(...FORMS), bits(80), spelling, (ipv4, form, other, style) => {
        const address = spell(embed(form, ipv4, other), style);
        expect(isForbiddenAddress(address), address).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('judges a public IPv4 address carried in IPv6 by the rule of its form', () => {
    fc.assert(
      fc.property(publicIpv4, fc.constantFrom(...FORMS), bits(80), spelling, (ipv4, form, other, style) => {
        const value = embed(form, ipv4, other);
        const address = spell(value, style);
        // IPv4-mapped and NAT64 are the IPv4 destination itself; the retired forms and the tunnels
        // (6to4, Teredo) stay refused, since behind a tunnel endpoint may be any host.
        const expected =
          form === 'mapped' || form === 'nat64'
            ? false
            : form === 'localNat64'
              ? localNat64Readings(value).some(specialIpv4)
              : true;
        expect(isForbiddenAddress(address), address).toBe(expected);
      }),
      { numRuns: RUNS },
    );
  });

  it('refuses any other IPv6 address exactly when it lies in a listed range', () => {
    const carriers = [
      '::ffff:0:0/96',
      '64:ff9b::/96',
      '64:ff9b:1::/48',
      '::/96',
      '::ffff:0:0:0/96',
      '2002::/16',
      '2001::/32',
    ].map(net);
    const candidates = fc.oneof(
      bits(128),
      inside(net('2000::/3')),
      fc.constantFrom(...ipv6Nets).chain(inside),
    );
    fc.assert(
      fc.property(
        candidates.filter((value) => !carriers.some((range) => holds(range, value))),
        spelling,
        (value, style) => {
          const address = spell(value, style);
          expect(isForbiddenAddress(address), address).toBe(specialIpv6(value));
        },
      ),
      { numRuns: RUNS },
    );
  });
});
