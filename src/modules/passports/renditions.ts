// Rendered passport answers kept in the store beside the passport (docs/resolution.md, "The read
// path"): which variant an answer is, and the renderer's fingerprint. The SQL that finds and keeps
// them is in store.ts: a read asks for the kept bytes of its variant in the same round trip that
// finds the passport; they come back only while their stamp equals the stamp of the rows as they are
// now.
//
// The stamp is built from PostgreSQL's `xmin` of the passport, operator and facility rows: the id of
// the transaction that wrote each row's current version. Any UPDATE, by any code path on any
// instance, gives the row a new version and so a new stamp, which makes every rendition of the old
// state invisible at the moment the write commits. Nothing has to remember to invalidate.
import { createHash } from 'node:crypto';
import packageJson from '../../../package.json' with { type: 'json' };
import { samplePassport } from '../../domain/passports/samples.ts';
import { tierView } from '../../domain/passports/tier-view.ts';
import type { Lang } from '../../http/i18n.ts';
import type { PassportSubject, Representation } from '../../http/representations.ts';

/** What tells renditions apart: the tier, the media type and, when the bytes differ by it, the language. */
export const variantOf = (tier: string, representation: Representation, lang: Lang) =>
  `${tier}|${representation.type}|${representation.localised ? lang : ''}`;

const fingerprints = new WeakMap<Representation, Map<string, string>>();

/**
 * What the renderer itself contributes to a stamp: the node's version, the base URL and the bytes
 * this representation makes of a fixed sample passport in two tiers. A deployment whose rendering
 * differs in any of them (a release, another base URL, a change to a template) does not serve the
 * renditions kept by the previous one. Computed once per representation and base URL.
 */
export function rendererFingerprint(representation: Representation, baseUrl: string): string {
  let byBase = fingerprints.get(representation);
  if (!byBase) {
    byBase = new Map();
    fingerprints.set(representation, byBase);
  }
  const known = byBase.get(baseUrl);
  if (known) return known;
  const hash = createHash('sha256').update(`${packageJson.version}\n${baseUrl}\n${representation.type}\n`);
  const full = samplePassport('batteries', { baseUrl }) as PassportSubject['view'];
  for (const tier of ['public', 'owner'] as const) {
    const view = tierView(full as never, tier, { requestAccessUrl: `${baseUrl}/request-access/sample` });
    const subject: PassportSubject = { kind: 'passport', view, full, tier, tenantId: 'sample', version: 1 };
    const rendered = representation.render(subject, { lang: 'en', baseUrl });
    if (typeof rendered !== 'string') throw new Error(`${representation.type} renders asynchronously`);
    hash.update(rendered);
  }
  const fingerprint = hash.digest('base64url').slice(0, 16);
  byBase.set(baseUrl, fingerprint);
  return fingerprint;
}
