import { describe, expect, it } from 'vitest';
import { addressRefusal, isForbiddenAddress } from './addresses.ts';

describe('isForbiddenAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.255',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '192.31.196.1',
    '192.52.193.1',
    '192.88.99.1',
    '192.175.48.1',
    '::',
    '::1',
    'fc00::1',
    'fd00:ec2::254',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::10.0.0.1',
    '3fff::1',
    '5f00::1',
    '2001:4:112::1',
    '2620:4f:8000::1',
    '4000::1',
    'not-an-address',
    '127.1',
  ])('refuses %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  // The forms of issue reports: IPv4-compatible, IPv4-translated, local-use NAT64 and 6to4.
  it.each([
    ['::7f00:1', '127.0.0.1'],
    ['::127.0.0.1', '127.0.0.1'],
    ['::ffff:0:7f00:1', '127.0.0.1'],
    ['64:ff9b:1::a00:1', '10.0.0.1'],
    ['2002:7f00:1::1', '127.0.0.1'],
    ['2002:a9fe:a9fe::1', '169.254.169.254'],
  ])('refuses %s by the IPv4 address %s it carries', (address, ipv4) => {
    expect(addressRefusal(address)).toContain(`carrying ${ipv4}`);
  });

  it('reads both IPv4 addresses of a Teredo address: the server, and the client with its bits inverted', () => {
    // Server 10.0.0.1; client 203.0.113.5 stored inverted.
    expect(addressRefusal('2001:0:a00:1::34ff:8efa')).toContain('carrying 10.0.0.1');
    expect(addressRefusal('2001:0:808:808::34ff:8efa')).toContain('carrying 203.0.113.5');
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '64:ff9b:1::808:808',
    '3fff:1000::1',
  ])('allows the public address %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });

  it('refuses 6to4 and Teredo addresses that carry a public IPv4 address: a tunnel leads to any host', () => {
    expect(addressRefusal('2002:808:808::1')).toBe('2002::/16 (6to4)');
    expect(addressRefusal('2001:0:808:808::f7f7:f7f7')).toBe('2001::/32 (Teredo)');
  });
});
