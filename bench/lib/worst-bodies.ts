// Bodies for POST /api/v1/passports/validate-only-public, each as large as the route accepts and
// built to cost the node the most per byte: as many members as the bytes allow, each one a finding
// or a check (bench/event-loop.ts).

export interface WorstBody {
  kind: string;
  body: string;
}

const GTIN = '4006381333931';

/** `{ ...envelope, metadata: <open><parts joined by commas><close> }`, as many parts as fit in `limit` bytes. */
function fill(
  category: string,
  open: string,
  close: string,
  part: (index: number) => string,
  limit: number,
): string {
  const head = `{"productId":"${GTIN}","category":"${category}","metadata":${open}`;
  const tail = `${close}}`;
  const parts: string[] = [];
  let size = head.length + tail.length;
  for (let index = 0; ; index++) {
    const next = part(index);
    if (size + next.length + 1 > limit) break;
    parts.push(next);
    size += next.length + 1;
  }
  return `${head}${parts.join(',')}${tail}`;
}

// Short distinct member names: base 36 counters.
const name = (index: number) => index.toString(36);

export function worstBodies(limit: number): WorstBody[] {
  return [
    {
      // Every member an UNKNOWN_FIELD: ajv reports each one it sees.
      kind: 'unknown keys, schema category',
      body: fill('batteries', '{', '}', (i) => `"${name(i)}":0`, limit),
    },
    {
      // The same against a rule set, which walks the members itself.
      kind: 'unknown keys, rule category',
      body: fill('cosmetics', '{', '}', (i) => `"${name(i)}":0`, limit),
    },
    {
      // Three bytes each, and each one misses every required field of a test report.
      kind: 'empty records in a list',
      body: fill('batteries', '{"testReports":[', ']}', () => '{}', limit),
    },
    {
      // Every URL is checked against its format, and the first ones scanned for personal data.
      kind: 'URLs in a list',
      body: fill(
        'batteries',
        '{"supplyChainDueDiligence":{"thirdPartyAssuranceUrls":[',
        ']}}',
        (i) => `"https://x.example/+49301234${name(i)}"`,
        limit,
      ),
    },
    {
      // Escaped names: no look at the raw text can vouch for them, every key is checked.
      kind: 'escaped unknown keys',
      body: fill('batteries', '{', '}', (i) => `"\\u0078${name(i)}":0`, limit),
    },
  ];
}
