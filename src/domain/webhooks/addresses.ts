// The SSRF guard's address rule: a webhook may not reach an address in any special-purpose range
// (special-ranges.ts), and an IPv6 address that carries an IPv4 address (ipv4-in-ipv6.ts) is first
// judged by that IPv4 address, so `[::ffff:7f00:1]` or `[2002:a9fe:a9fe::1]` cannot stand in for
// loopback or the cloud metadata address.
import { isIPv4, isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';
import { IPV4_CARRIERS } from './ipv4-in-ipv6.ts';
import { IPV4_SPECIAL, IPV6_SPECIAL, type SpecialRange } from './special-ranges.ts';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

const compile = <T extends { cidr: string }>(entries: readonly T[]) =>
  entries.map((entry) => ({ entry, range: ipaddr.parseCIDR(entry.cidr) }));

const ipv4Table = compile(IPV4_SPECIAL);
const ipv6Table = compile(IPV6_SPECIAL);
const carriers = compile(IPV4_CARRIERS);

/** The longest listed range holding the address, so that the reason names the narrowest one. */
function special(address: Address, table: typeof ipv4Table): SpecialRange | undefined {
  let found: (typeof table)[number] | undefined;
  for (const candidate of table) {
    if (address.match(candidate.range) && (!found || candidate.range[1] > found.range[1])) found = candidate;
  }
  return found?.entry;
}

const describe = (entry: SpecialRange) => `${entry.cidr} (${entry.name})`;

function ipv4Refusal(address: string): string | null {
  const entry = special(ipaddr.IPv4.parse(address), ipv4Table);
  return entry ? describe(entry) : null;
}

/**
 * ipaddr.js reads `::a.b.c.d` as the IPv4-mapped `::ffff:a.b.c.d`, while a socket reads it as the
 * IPv4-compatible address (RFC 4291); a dotted tail is written as two hex groups first, so the
 * guard judges the address a connection would use.
 */
const hexTail = (address: string) =>
  address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
    [(Number(a) << 8) | Number(b), (Number(c) << 8) | Number(d)].map((group) => group.toString(16)).join(':'),
  );

/**
 * Why a webhook must not be delivered to this address, or null when it may. Anything that is not
 * a plain IPv4 or IPv6 address (a zone index included) is refused.
 */
export function addressRefusal(address: string): string | null {
  if (isIPv4(address)) return ipv4Refusal(address);
  if (!isIPv6(address) || address.includes('%')) return 'not a plain IP address';
  const parsed = ipaddr.IPv6.parse(hexTail(address));
  const bytes = parsed.toByteArray();
  const carrier = carriers.find((candidate) => parsed.match(candidate.range));
  if (carrier) {
    for (const octets of carrier.entry.carried(bytes)) {
      const ipv4 = octets.join('.');
      const refused = ipv4Refusal(ipv4);
      if (refused) return `${carrier.entry.name}, carrying ${ipv4}, in ${refused}`;
    }
    if (carrier.entry.sameDestination) return null;
  }
  const entry = special(parsed, ipv6Table);
  return entry ? describe(entry) : null;
}

export const isForbiddenAddress = (address: string): boolean => addressRefusal(address) !== null;
