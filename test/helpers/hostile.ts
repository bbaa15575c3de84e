// fast-check arbitraries for the input classes that once reached the store as a 500: strings it
// cannot hold (NUL, unpaired surrogates), JSON nested past the depth limit, numbers beyond its
// range, and ids that are not UUIDs (or not strings at all). Property tests draw from these so
// that none of the classes can come back unnoticed.
import fc from 'fast-check';
import { MAX_JSON_DEPTH } from '../../src/domain/json/hygiene.ts';

/** A string with a NUL or an unpaired surrogate somewhere in it, or an ordinary one. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(
      fc.string({ maxLength: 6 }),
      fc.constantFrom('\u0000', '\ud800', '\udfff', '\ud83d', '\u0000\ud800'),
      fc.string({ maxLength: 6 }),
    )
    .map(([before, bad, after]) => before + bad + after),
  fc.string({ maxLength: 12 }),
  fc.constantFrom('', ' ', '\t\n', 'x'.repeat(5_000), '<script>alert(1)</script>', "'; drop table x;--"),
);

/** Numbers a column cannot take: huge, negative, fractional, beyond 2^31 and 2^63, extremes. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    1e20,
    -1,
    -0.5,
    0.5,
    1.5,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31) - 1,
    2 ** 63,
    2 ** 64,
    Number.MAX_SAFE_INTEGER + 2,
    1e308,
    -1e308,
    5e-324,
    0,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Numbers as the digit strings clients send in queries and loose bodies. */
export const hostileDigits: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '99999999999999999999',
    '9223372036854775808',
    '-9223372036854775809',
    '18446744073709551616',
    '1e20',
    '-1',
    '0',
    '1.5',
    '0x10',
    'NaN',
    'Infinity',
    ' 7 ',
    '',
  ),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String),
);

/** Row ids that are not UUIDs: malformed, nested, of the wrong type, or UUIDs of nothing. */
export const hostileId: fc.Arbitrary<unknown> = fc.oneof(
  fc.uuid(),
  fc.constantFrom(
    'not-a-uuid',
    '',
    '0',
    '00000000-0000-0000-0000-000000000000',
    'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
    '../../etc/passwd',
    '1; drop table passports',
    'x'.repeat(3_000),
  ),
  fc.uuid().map((id) => `${id}\u0000`),
  fc.uuid().map((id) => `${id}/${id}`),
  fc.uuid().map((id) => ({ id })),
  fc.uuid().map((id) => [id]),
  hostileString,
  hostileNumber,
  fc.constant(null),
  fc.boolean(),
);

/** JSON text too deep to build as a value (JSON.stringify would overflow its stack on it). */
export class RawJson {
  constructor(
    readonly text: string,
    readonly label: string,
  ) {}
  [fc.toStringMethod]() {
    return this.label;
  }
}

/** The JSON text of a body, with any RawJson inside it spliced in as it is. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, item) =>
    item instanceof RawJson ? `\u0001raw${raws.push(item.text) - 1}\u0001` : item,
  );
  // JSON.stringify escapes the control character, so a marker reads "\u0001raw<n>\u0001" in the text.
  return (text ?? '').replace(/"\\u0001raw(\d+)\\u0001"/g, (_match, index) => raws[Number(index)] as string);
}

type Shape = 'object' | 'array' | 'mixed';

function nest(levels: number, shape: Shape, leaf: unknown): unknown {
  if (levels > 1_000) {
    const open = shape === 'array' ? '[' : '{"deeper":';
    const close = shape === 'array' ? ']' : '}';
    return new RawJson(
      `${open.repeat(levels)}${JSON.stringify(leaf)}${close.repeat(levels)}`,
      `<${shape === 'array' ? 'array' : 'object'} nested ${levels} levels>`,
    );
  }
  let value = leaf;
  for (let level = 0; level < levels; level++) {
    const asArray = shape === 'array' || (shape === 'mixed' && level % 2 === 1);
    value = asArray ? [value] : { deeper: value };
  }
  return value;
}

/** JSON nested past the documented limit (a little past it, far past it, and thousands deep). */
export const deepJson: fc.Arbitrary<unknown> = fc
  .tuple(
    fc.oneof(
      fc.integer({ min: MAX_JSON_DEPTH, max: MAX_JSON_DEPTH + 8 }),
      fc.integer({ min: 40, max: 400 }),
      fc.constant(5_000),
    ),
    fc.constantFrom<Shape>('object', 'array', 'mixed'),
    fc.oneof(fc.constant(1), hostileString),
  )
  .map(([levels, shape, leaf]) => nest(levels, shape, leaf));

/** An object whose keys are hostile too, `__proto__` among them. */
const hostileObject: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.dictionary(hostileString, fc.oneof(hostileString, hostileNumber), { maxKeys: 3 }),
  fc.constant(JSON.parse('{"__proto__":{"polluted":true}}') as Record<string, unknown>),
);

/** Any of the above, or ordinary JSON: what a field of unknown type may be fed. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  hostileDigits,
  hostileId,
  deepJson,
  hostileObject,
  fc.jsonValue({ maxDepth: 3 }),
);

export type FieldKind = 'string' | 'number' | 'id' | 'json' | 'date';

/** What a field of the given kind is fed: mostly its own hostile class, sometimes anything. */
export function hostileFor(kind: FieldKind): fc.Arbitrary<unknown> {
  const own = {
    string: hostileString,
    number: fc.oneof(hostileNumber, hostileDigits),
    id: hostileId,
    json: fc.oneof(deepJson, hostileObject, fc.array(hostileString, { maxLength: 3 })),
    date: fc.oneof(
      fc.constantFrom('9999-12-31T23:59:59Z', '0000-01-01T00:00:00Z', '2024-02-30T00:00:00Z', '1e20'),
      hostileString,
      hostileNumber,
    ),
  }[kind];
  return fc.oneof({ weight: 4, arbitrary: own }, { weight: 1, arbitrary: hostileValue });
}

/** Path segments that name nothing: malformed, nested, over-long, or not decodable at all. */
export const hostilePathSegment: fc.Arbitrary<string> = fc.oneof(
  fc.uuid(),
  fc.constantFrom(
    'not-a-uuid',
    '%00',
    '%ED%A0%80', // an encoded surrogate: not UTF-8
    '%C0%AF',
    '%',
    '%zz',
    'a%2Fb',
    '..',
    '%2E%2E',
    '99999999999999999999',
    '-1',
    '1.5',
    'x'.repeat(3_000),
  ),
  fc.uuid().map((id) => `${id}%00`),
  fc.uuid().map((id) => `${id}/${id}`),
  fc.uuid().map((id) => id.toUpperCase()),
  fc.string({ maxLength: 10 }).map((text) => {
    try {
      return encodeURIComponent(text);
    } catch {
      return 'unencodable';
    }
  }),
);

/**
 * Page cursors in the node's own spelling (base64url of `<microseconds>.<id>` or `o:<offset>`) that
 * name what no page can start after: times far outside what the store holds, offsets past any
 * answer, ids that are not UUIDs.
 */
export const hostileCursor: fc.Arbitrary<string> = fc
  .oneof(
    fc.tuple(hostileDigits, fc.oneof(fc.uuid(), hostileString)).map(([at, id]) => `${at}.${id}`),
    hostileDigits.map((offset) => `o:${offset}`),
  )
  .map((text) => Buffer.from(text, 'utf8').toString('base64url'));

/** A query value as it travels: percent-encoded where it can be, raw bytes where it cannot. */
export const hostileQueryValue: fc.Arbitrary<string> = fc.oneof(
  hostileDigits.map(encodeURIComponent),
  hostileCursor,
  fc.constantFrom('%00', 'a%00b', '%ED%A0%80', '%C0%AF', '%', '%zz', 'x'.repeat(3_000)),
  fc.uuid(),
  hostilePathSegment,
);
