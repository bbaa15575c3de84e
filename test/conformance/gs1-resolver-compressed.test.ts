// The compressed and partly compressed Digital Links of the third-party GS1 tables, sent to the
// resolver: each is read as a Digital Link (never 400), nothing is published under these keys (404),
// and for the keys this node resolves (01, 8003), on its numeric-AI paths, the Link header names the
// uncompressed link, which holds exactly the AIs the table gives.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLink } from '../../src/domain/gs1/digital-link.ts';
import { BASE_URL, randomIp } from '../helpers/app.ts';
import { useTestApp } from '../helpers/use-test-app.ts';
import { material } from './material.ts';

const FILE = material('gs1-digital-link-solidsoft-tests', 'ExtractFromGs1DigitalLink.feature');

/** Rows of the tables whose first column is a (partly) compressed link: the link and its AI pairs. */
function compressedRows(): { link: string; pairs: string[] }[] {
  const rows: { link: string; pairs: string[] }[] = [];
  let header: string[] | null = null;
  for (const line of readFileSync(FILE, 'utf8')
    .replace(/^\uFEFF/, '')
    .split('\n')) {
    const trimmed = line.trim();
    if (!trimmed.startsWith('|')) {
      header = null;
      continue;
    }
    const cells = trimmed
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim());
    if (header === null) {
      header = cells;
      continue;
    }
    if (!/ompressedDigitalLink$/.test(header[0] ?? '')) continue;
    const pairs: string[] = [];
    for (let at = 1; at + 1 < cells.length; at += 2)
      if (cells[at]) pairs.push(`(${cells[at]})${cells[at + 1]}`);
    rows.push({ link: cells[0] as string, pairs: pairs.sort() });
  }
  return rows;
}

describe('the resolver on the compressed links of the GS1 tables', () => {
  // A cold embedded store and its migrations: more than the suite's hook time on a busy machine.
  const app = useTestApp({}, 120_000);

  const rows = compressedRows();

  it('finds the tables', () => {
    expect(rows.length).toBeGreaterThan(20);
  });

  it('reads every one as a Digital Link, and names the uncompressed link of a GTIN or GRAI', async () => {
    let named = 0;
    for (const { link, pairs } of rows) {
      const url = new URL(link);
      const response = await app.inject({
        method: 'GET',
        url: `${url.pathname}${url.search}`,
        headers: { host: new URL(BASE_URL).host },
        remoteAddress: randomIp(),
      });
      expect(response.statusCode, link).toBe(404);
      const key = pairs.find((pair) => pair.startsWith('(01)') || pair.startsWith('(8003)'));
      // Short names (`/gtin/…`) are readable Digital Links, but this node's routes are the numeric AIs.
      const routed = /^\/(?:01\/|8003\/|[A-Za-z0-9_-]+$)/.test(url.pathname);
      if (!key || !routed) continue;
      const sameAs = /<([^>]*)>; rel="owl:sameAs"/.exec(String(response.headers.link))?.[1];
      expect(sameAs, link).toBeDefined();
      const parsed = parseLink(sameAs as string);
      expect(parsed.ok && parsed.link.compression, link).toBe('none');
      if (!parsed.ok) continue;
      expect(parsed.link.ais.map(({ ai, value }) => `(${ai})${value}`).sort(), link).toEqual(pairs);
      named++;
    }
    expect(named).toBeGreaterThan(10);
  });
});
