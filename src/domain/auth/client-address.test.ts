import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { truncateClientAddress } from './client-address.ts';

describe('truncateClientAddress', () => {
  it.each([
    ['192.0.2.77', '192.0.2.0/24'],
    ['::ffff:198.51.100.9', '198.51.100.0/24'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3::/48'],
    ['2001:db8::1', '2001:db8:0::/48'],
    ['::1', '0:0:0::/48'],
    ['fe80::1%eth0', 'fe80:0:0::/48'],
    ['64:ff9b::192.0.2.33', '64:ff9b:0::/48'],
  ])('%s → %s', (address, expected) => {
    expect(truncateClientAddress(address)).toBe(expected);
  });

  it.each([undefined, null, '', 'localhost', '999.1.1.1', '1:2:3', 'gggg::1'])(
    '%s is not an address',
    (value) => {
      expect(truncateClientAddress(value)).toBeNull();
    },
  );

  it('never keeps the host part of an IPv4 address', () => {
    fc.assert(
      fc.property(fc.ipV4(), (address) => {
        const kept = truncateClientAddress(address) as string;
        expect(kept).toBe(`${address.split('.').slice(0, 3).join('.')}.0/24`);
      }),
    );
  });

  it('keeps at most the first 48 bits of an IPv6 address, whatever its notation', () => {
    fc.assert(
      fc.property(fc.ipV6(), (address) => {
        const kept = truncateClientAddress(address);
        expect(kept).toMatch(/^[0-9a-f]{1,4}:[0-9a-f]{1,4}:[0-9a-f]{1,4}::\/48$|^\d+\.\d+\.\d+\.0\/24$/);
      }),
    );
  });

  it('never throws on arbitrary text', () => {
    fc.assert(fc.property(fc.string(), (text) => void truncateClientAddress(text)));
  });
});
