// The client address kept in the passport access log is truncated, so the log says roughly where a
// read came from (a network) without naming a person's device: IPv4 to its /24, IPv6 to its /48.
import { isIPv4, isIPv6 } from 'node:net';

function expandIpv6(address: string): number[] | null {
  let text = address.split('%')[0] ?? '';
  // An embedded IPv4 tail (::ffff:192.0.2.1) becomes two groups.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = v4[1].split('.').map(Number);
    text = `${text.slice(0, -v4[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return null;
  const groups = [...left, ...Array(Math.max(0, missing)).fill('0'), ...right].map((g) =>
    Number.parseInt(g, 16),
  );
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null;
}

/** `192.0.2.0/24`, `2001:db8:1::/48`; an IPv4-mapped IPv6 address is kept as IPv4; null if unreadable. */
export function truncateClientAddress(address: string | undefined | null): string | null {
  if (!address) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const candidate = mapped?.[1] ?? address;
  if (isIPv4(candidate)) {
    const [a, b, c] = candidate.split('.');
    return `${a}.${b}.${c}.0/24`;
  }
  if (!isIPv6(candidate)) return null;
  const groups = expandIpv6(candidate);
  if (!groups) return null;
  return `${groups
    .slice(0, 3)
    .map((g) => g.toString(16))
    .join(':')}::/48`;
}
