// IPv6 forms that carry an IPv4 address, and where in the 16 bytes it sits. A host that reaches an
// address of one of these forms may end up at the IPv4 address (or at the network behind it), so the
// guard judges that IPv4 address by the IPv4 table before anything else.

export interface Ipv4Carrier {
  readonly cidr: string;
  readonly name: string;
  /**
   * True when the address is only another spelling of the IPv4 destination it carries (IPv4-mapped,
   * NAT64): a public IPv4 makes it a public target. The others (retired forms, 6to4, Teredo) lead to
   * a tunnel endpoint with any IPv6 host behind it, so they stay refused whatever they carry.
   */
  readonly sameDestination: boolean;
  /** The IPv4 addresses (four bytes each) a 16-byte address inside `cidr` carries. */
  readonly carried: (bytes: readonly number[]) => number[][];
}

const at = (bytes: readonly number[], ...indexes: number[]) => indexes.map((index) => bytes[index] ?? 0);
const zero = (bytes: readonly number[], from: number, to: number) =>
  bytes.slice(from, to).every((byte) => byte === 0);
const last32 = (bytes: readonly number[]) => [at(bytes, 12, 13, 14, 15)];

/**
 * RFC 8215's local-use prefix may be split into translators with any RFC 6052 prefix length from
 * /48 to /96, which places the IPv4 address differently (skipping byte 8, the "u" octet). The node
 * cannot know which length the network uses, so it reads every placement whose reserved bits (the
 * u octet and the suffix) are zero, as a translator would, and refuses if any reading is refused.
 */
function localUseNat64(bytes: readonly number[]): number[][] {
  const readings = last32(bytes);
  if (bytes[8] !== 0) return readings;
  if (zero(bytes, 11, 16)) readings.push(at(bytes, 6, 7, 9, 10)); // a /48 translator prefix
  if (zero(bytes, 12, 16)) readings.push(at(bytes, 7, 9, 10, 11)); // /56
  if (zero(bytes, 13, 16)) readings.push(at(bytes, 9, 10, 11, 12)); // /64
  return readings;
}

export const IPV4_CARRIERS: readonly Ipv4Carrier[] = [
  { cidr: '::ffff:0:0/96', name: 'IPv4-mapped', sameDestination: true, carried: last32 },
  { cidr: '64:ff9b::/96', name: 'NAT64', sameDestination: true, carried: last32 },
  { cidr: '64:ff9b:1::/48', name: 'local-use NAT64', sameDestination: true, carried: localUseNat64 },
  { cidr: '::/96', name: 'IPv4-compatible', sameDestination: false, carried: last32 },
  { cidr: '::ffff:0:0:0/96', name: 'IPv4-translated', sameDestination: false, carried: last32 },
  {
    cidr: '2002::/16',
    name: '6to4',
    sameDestination: false,
    carried: (bytes) => [at(bytes, 2, 3, 4, 5)],
  },
  {
    // RFC 4380: bits 32-63 are the Teredo server, the last 32 bits the client's public address with
    // every bit inverted.
    cidr: '2001::/32',
    name: 'Teredo',
    sameDestination: false,
    carried: (bytes) => [at(bytes, 4, 5, 6, 7), at(bytes, 12, 13, 14, 15).map((byte) => byte ^ 0xff)],
  },
];
