// Where a webhook may never go: every entry of the IANA IPv4 Special-Purpose Address Registry and
// of the IANA IPv6 Special-Purpose Address Registry (RFC 6890 and the RFCs each entry names; entries
// as published in 2025), plus multicast (the IANA multicast registries), the IPv6 space IANA's IPv6
// Address Space registry has not allocated for global unicast (everything outside 2000::/3), and the
// IPv4-compatible, IPv4-translated and site-local IPv6 forms that RFC 4291, RFC 6145 and RFC 3879
// retired. Entries IANA marks globally reachable (AS112, AMT, PCP and TURN anycast, ORCHIDv2, ...)
// are refused too: they are protocol infrastructure, never a receiver of webhooks, and one rule
// (every special-purpose range) is easier to trust than a list of exceptions. The IPv6 forms that
// are only another spelling of an IPv4 destination (IPv4-mapped, NAT64) are judged by that IPv4
// before this table is consulted: see ipv4-in-ipv6.ts.

export interface SpecialRange {
  readonly cidr: string;
  readonly name: string;
  /** True where the registry marks the range globally reachable: refused all the same (see above). */
  readonly globallyReachable: boolean;
}

const range = (cidr: string, name: string, globallyReachable = false): SpecialRange => ({
  cidr,
  name,
  globallyReachable,
});

export const IPV4_SPECIAL: readonly SpecialRange[] = [
  range('0.0.0.0/8', '"this network"'),
  range('0.0.0.0/32', '"this host on this network"'),
  range('10.0.0.0/8', 'private use'),
  range('100.64.0.0/10', 'shared address space (carrier-grade NAT)'),
  range('127.0.0.0/8', 'loopback'),
  range('169.254.0.0/16', 'link local (cloud metadata)'),
  range('172.16.0.0/12', 'private use'),
  range('192.0.0.0/24', 'IETF protocol assignments'),
  range('192.0.0.0/29', 'IPv4 service continuity prefix'),
  range('192.0.0.8/32', 'IPv4 dummy address'),
  range('192.0.0.9/32', 'Port Control Protocol anycast', true),
  range('192.0.0.10/32', 'TURN anycast', true),
  range('192.0.0.170/32', 'NAT64/DNS64 discovery'),
  range('192.0.0.171/32', 'NAT64/DNS64 discovery'),
  range('192.0.2.0/24', 'documentation (TEST-NET-1)'),
  range('192.31.196.0/24', 'AS112-v4', true),
  range('192.52.193.0/24', 'AMT', true),
  range('192.88.99.0/24', 'deprecated 6to4 relay anycast'),
  range('192.88.99.2/32', '6a44 relay anycast'),
  range('192.168.0.0/16', 'private use'),
  range('192.175.48.0/24', 'direct delegation AS112 service', true),
  range('198.18.0.0/15', 'benchmarking'),
  range('198.51.100.0/24', 'documentation (TEST-NET-2)'),
  range('203.0.113.0/24', 'documentation (TEST-NET-3)'),
  range('240.0.0.0/4', 'reserved'),
  range('255.255.255.255/32', 'limited broadcast'),
  // IANA IPv4 Multicast Address Space Registry.
  range('224.0.0.0/4', 'multicast'),
];

export const IPV6_SPECIAL: readonly SpecialRange[] = [
  range('::1/128', 'loopback'),
  range('::/128', 'unspecified'),
  range('::ffff:0:0/96', 'IPv4-mapped'),
  range('64:ff9b::/96', 'IPv4-IPv6 translation (NAT64)', true),
  range('64:ff9b:1::/48', 'local-use IPv4-IPv6 translation (NAT64)'),
  range('100::/64', 'discard-only'),
  range('100:0:0:1::/64', 'dummy IPv6 prefix'),
  range('2001::/23', 'IETF protocol assignments'),
  range('2001::/32', 'Teredo'),
  range('2001:1::1/128', 'Port Control Protocol anycast', true),
  range('2001:1::2/128', 'TURN anycast', true),
  range('2001:1::3/128', 'DNS-SD service registration protocol anycast', true),
  range('2001:2::/48', 'benchmarking'),
  range('2001:3::/32', 'AMT', true),
  range('2001:4:112::/48', 'AS112-v6', true),
  range('2001:10::/28', 'deprecated (previously ORCHID)'),
  range('2001:20::/28', 'ORCHIDv2', true),
  range('2001:30::/28', 'drone remote ID protocol entity tags', true),
  range('2001:db8::/32', 'documentation'),
  range('2002::/16', '6to4'),
  range('2620:4f:8000::/48', 'direct delegation AS112 service', true),
  range('3fff::/20', 'documentation'),
  range('5f00::/16', 'segment routing (SRv6) SIDs'),
  range('fc00::/7', 'unique local'),
  range('fe80::/10', 'link-local unicast'),
  // IANA IPv6 Multicast Address Space Registry.
  range('ff00::/8', 'multicast'),
  // Retired forms: IPv4-compatible (RFC 4291 2.5.5.1), IPv4-translated (RFC 6145), site-local (RFC 3879).
  range('::/96', 'IPv4-compatible (deprecated)'),
  range('::ffff:0:0:0/96', 'IPv4-translated (retired)'),
  range('fec0::/10', 'site-local (deprecated)'),
  // IANA IPv6 Address Space registry: only 2000::/3 is global unicast; the rest is reserved by the
  // IETF or one of the ranges above. These three cover everything outside 2000::/3.
  range('::/3', 'not global unicast (reserved by the IETF)'),
  range('4000::/2', 'not global unicast (reserved by the IETF)'),
  range('8000::/1', 'not global unicast (reserved by the IETF)'),
];
