// What the passport page (`Accept: text/html` on the resolution routes) shows: a recall or
// decommissioning first, then the product, its operator, the category's key figures, what more a
// grant would show, the rest of the data the caller's tier holds, and the seal. The document comes
// in already masked to the tier; this only arranges it, in the caller's language, as plain strings
// for the `passport` template (which escapes them). Only the QR code is markup, built by our own
// renderer.
import { type KeyFigure, keyFigures, productName } from './key-figures.ts';
import { type DataSection, dataSections } from './page-data.ts';
import { formatter, NONE } from './page-format.ts';
import { pageFrame, type Translate } from './page-frame.ts';

export type PassportPageTier = 'public' | 'legitimate-interest' | 'authority' | 'owner';

export interface PassportPageSeal {
  sealed: boolean;
  /** ISO 8601 instant the seal was made. */
  sealedAt?: string;
  /** Whether an RFC 3161 timestamp vouches for `sealedAt`. */
  timestamped?: boolean;
}

/**
 * The seal state the page shows, read from the document's `digitalSeal` (see seal/types.ts). A
 * masked view keeps `digitalSeal`, so this works on the document the page is given.
 */
export function passportPageSeal(document: Record<string, unknown>): PassportPageSeal {
  const seal = document.digitalSeal;
  if (typeof seal !== 'object' || seal === null) return { sealed: false };
  const { sealedAt, timestampStatus } = seal as { sealedAt?: unknown; timestampStatus?: unknown };
  return typeof sealedAt === 'string'
    ? { sealed: true, sealedAt, timestamped: timestampStatus === 'granted' }
    : { sealed: true, timestamped: timestampStatus === 'granted' };
}

export interface PassportPageInput {
  /** The passport JSON-LD document, already masked to `tier`. */
  document: Record<string, unknown>;
  tier: PassportPageTier;
  lang: string;
  t: Translate;
  seal: PassportPageSeal;
  /** `qrSvg(link, t('passportPage.qrLabel'))` from gs1/qr-svg.ts, or null to show no code. */
  qrSvg: string | null;
  /** Where a third party asks for a grant; null for the owner and authority tiers. */
  requestAccessUrl: string | null;
  /** Where a person checks the seal; null when the node offers no such page. */
  verifyUrl: string | null;
  /** Put before every element id, so that several tiers can share one page (the console's). */
  idPrefix?: string;
  /** A category field's label in `lang` by dotted schema path; undefined keeps the schema's English. */
  fieldLabel?: (category: string, path: string) => string | undefined;
}

export interface Row {
  label: string;
  value: string;
  href?: string;
  code?: boolean;
}

/**
 * The look of one tier (the `passport-tier` template): its sections, lists, key figures and folds.
 * Pages that show tiers inside their own frame (the console) add it to their styles.
 */
export const PASSPORT_TIER_STYLE = `section{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:1rem;margin:0 0 1rem;min-width:0}
h2{font-size:1.2rem;margin:0 0 .75rem}h3{font-size:1.05rem;margin:1.25rem 0 .5rem}
summary{cursor:pointer;margin:0 0 .75rem}summary>h2,summary>h3{display:inline;margin:0}
summary:focus-visible{outline:3px solid #0969da;outline-offset:2px;border-radius:2px}
details:not([open])>summary{margin:0}.data details{border-top:1px solid #eaeef2;padding:.6rem 0}
.data details:last-child{padding-bottom:0}.data summary{margin:0}.data details[open]>summary{margin-bottom:.5rem}
dl{display:grid;grid-template-columns:minmax(0,1fr);gap:0 1rem;margin:0}
dt{color:#57606a;font-size:.9rem;margin-top:.5rem}dd{margin:0;min-width:0;overflow-wrap:anywhere}
@media (min-width:40rem){dl{grid-template-columns:minmax(8rem,14rem) minmax(0,1fr);row-gap:.35rem}dt{margin-top:0}}
dd dl{border-left:3px solid #eaeef2;padding-left:.75rem}
ol.items,ul.values{margin:0;padding-left:1.25rem}ol.items>li{margin:.25rem 0 .75rem}
code{font:.9em ui-monospace,monospace;overflow-wrap:anywhere;word-break:break-all}
.nowrap{white-space:nowrap}.symbol{vertical-align:middle;margin-right:.35rem;background:#fff}
.identity{display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-start}.identity dl{flex:1 1 16rem;min-width:0}
.qr{width:9rem;height:9rem;flex:none}
.figures{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,13rem),1fr));gap:.75rem;margin:0;padding:0;list-style:none}
.figures li{border:1px solid #d0d7de;border-radius:6px;padding:.75rem;min-width:0}
.figures .label{display:block;color:#57606a;font-size:.9rem}
.figures .value{display:block;font-size:1.25rem;font-weight:600;overflow-wrap:anywhere}
.figures .value.nowrap{white-space:nowrap}
.request{font-weight:600}`;

export const PASSPORT_PAGE_STYLE = `*{box-sizing:border-box}
body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1b1f24;background:#f6f7f9;overflow-wrap:break-word}
a{color:#0550ae}a:focus-visible{outline:3px solid #0969da;outline-offset:2px;border-radius:2px}
main{max-width:60rem;margin:0 auto;padding:0 1rem}
h1{font-size:1.6rem;line-height:1.25;margin:.5rem 0 1rem}
nav{margin-bottom:1rem}nav ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem 1rem}
nav a{display:inline-block;padding:.25rem 0}
.notice{border:2px solid;border-radius:8px;padding:1rem;margin:0 0 1rem}
.notice p{margin:0}.notice strong{display:block;font-size:1.25rem;margin-bottom:.25rem}
.recalled{background:#ffebe9;border-color:#cf222e;color:#82071e}
.decommissioned{background:#fff8c5;border-color:#9a6700;color:#4d2d00}
${PASSPORT_TIER_STYLE}
@media print{body{background:#fff;font-size:11pt}main{max-width:none;padding:0}nav.contents{display:none}
details::details-content{content-visibility:visible;display:block}summary{list-style:none;cursor:auto}
summary::-webkit-details-marker{display:none}section{border:0;padding:0;margin:0 0 .75rem}
.data details{break-inside:avoid}a{color:inherit}}`;

const LABELS = [
  'kicker',
  'accessLevel',
  'contents',
  'product',
  'operator',
  'facility',
  'keyFigures',
  'restricted',
  'restrictedIntro',
  'requestAccess',
  'data',
  'seal',
  'verify',
] as const;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function notice(document: Json, t: Translate, when: (iso: string) => string, operator: string) {
  if (document.status === 'RECALLED') {
    return {
      kind: 'recalled',
      title: t('passportPage.statuses.RECALLED'),
      text: t('passportPage.recalledText', { operator }),
    };
  }
  if (document.status === 'DECOMMISSIONED') {
    const until = str(document.retentionUntil);
    return {
      kind: 'decommissioned',
      title: t('passportPage.statuses.DECOMMISSIONED'),
      text: until
        ? // A day is what a reader needs here; the instant's time of day is an artefact of storage.
          t('passportPage.decommissionedText', { date: when(until.slice(0, 10)) })
        : t('passportPage.decommissionedUndated'),
    };
  }
  return null;
}

function restricted(
  document: Json,
  t: Translate,
  requestAccessUrl: string | null,
  count: (n: number) => string,
) {
  const marker = document.restrictedData;
  if (!isObject(marker)) return null;
  const rows: Row[] = [];
  const tiers = Array.isArray(marker.tiers)
    ? marker.tiers.filter((tier) => tier === 'legitimate-interest' || tier === 'authority')
    : [];
  if (tiers.length > 0) {
    rows.push({
      label: t('passportPage.availableTo'),
      value: tiers.map((tier) => t(`passportPage.tiers.${tier}`)).join('; '),
    });
  }
  if (typeof marker.fieldCount === 'number') {
    rows.push({ label: t('passportPage.withheldFields'), value: count(marker.fieldCount) });
  }
  return { rows, href: requestAccessUrl };
}

export function passportPageModel({
  document,
  tier,
  lang,
  t,
  seal,
  qrSvg,
  requestAccessUrl,
  verifyUrl,
  idPrefix = '',
  fieldLabel,
}: PassportPageInput) {
  const format = formatter(lang);
  const when = (iso: string) => format.date(iso);
  const category = String(document.category ?? '');
  const metadata = document.metadata;
  const operatorObject = isObject(document.economicOperator) ? document.economicOperator : {};
  const operatorName = str(operatorObject.name) ?? NONE;
  const productId = str(document.productId) ?? NONE;
  const name = productName(metadata) ?? productId;
  const link = str(document.digitalLinkUri) ?? str(document.digitalProductPassportId);
  const status = str(document.status);

  const product: Row[] = [];
  if (name !== productId) product.push({ label: t('passportPage.productName'), value: name });
  product.push({ label: t('passportPage.productId'), value: productId, code: true });
  if (category) {
    // The category names of the advisory messages, which are written for use inside a sentence.
    const word = t(`category.${category}`);
    const value = word === `category.${category}` ? category : word;
    product.push({
      label: t('passportPage.category'),
      value: value.charAt(0).toLocaleUpperCase(lang) + value.slice(1),
    });
  }
  if (status) {
    product.push({ label: t('passportPage.status'), value: t(`passportPage.statuses.${status}`) });
  }
  const origin = str(document.originCountry);
  if (origin) product.push({ label: t('passportPage.originCountry'), value: format.country(origin) });
  const updated = str(document.lastUpdated) ?? str(document.updatedAt);
  if (updated) product.push({ label: t('passportPage.lastUpdated'), value: when(updated) });
  if (link) product.push({ label: t('passportPage.link'), value: link, href: link, code: true });

  const operator: Row[] = [{ label: t('passportPage.name'), value: operatorName }];
  const regId = str(operatorObject.regId);
  if (regId) {
    const scheme = str(operatorObject.regIdScheme);
    operator.push({
      label: t('passportPage.registration'),
      value: scheme ? `${scheme} ${regId}` : regId,
      code: true,
    });
  }

  const facilityObject = isObject(document.manufacturingFacility) ? document.manufacturingFacility : null;
  const facility: Row[] = [];
  if (facilityObject) {
    const facilityName = str(facilityObject.name);
    const gln = str(facilityObject.gln);
    const country = str(facilityObject.country);
    if (facilityName) facility.push({ label: t('passportPage.name'), value: facilityName });
    if (gln) facility.push({ label: t('passportPage.gln'), value: gln, code: true });
    if (country) facility.push({ label: t('passportPage.country'), value: format.country(country) });
  }

  const figures: KeyFigure[] = keyFigures(category, metadata, format, t);
  const data: DataSection[] = dataSections(metadata, category, format, {
    yes: t('passportPage.yes'),
    no: t('passportPage.no'),
    other: t('passportPage.other'),
    field: (path) => fieldLabel?.(category, path),
    label: (value) => {
      const label = t(`value.${value}`);
      return label === `value.${value}` ? value : label;
    },
  });
  for (const section of data) section.id = `${idPrefix}${section.id}`;
  const more = restricted(document, t, requestAccessUrl, (n) => format.number(n));
  const ids = Object.fromEntries(
    (['product', 'operator', 'keyFigures', 'restricted', 'data', 'seal'] as const).map((name) => [
      name,
      `${idPrefix}${name === 'keyFigures' ? 'key-figures' : name}`,
    ]),
  ) as Record<'product' | 'operator' | 'keyFigures' | 'restricted' | 'data' | 'seal', string>;

  const sealedAt = seal.sealed && seal.sealedAt ? when(seal.sealedAt) : null;
  const sealView = {
    text: !seal.sealed
      ? t('passportPage.notSealed')
      : sealedAt
        ? t('passportPage.sealedOn', { date: sealedAt })
        : t('passportPage.sealed'),
    timestamped: seal.sealed && seal.timestamped ? t('passportPage.timestamped') : null,
    verifyUrl: seal.sealed ? verifyUrl : null,
  };

  const contents = [
    figures.length > 0 ? { href: `#${ids.keyFigures}`, label: t('passportPage.keyFigures') } : null,
    more ? { href: `#${ids.restricted}`, label: t('passportPage.restricted') } : null,
    data.length > 0 ? { href: `#${ids.data}`, label: t('passportPage.data') } : null,
    { href: `#${ids.seal}`, label: t('passportPage.seal') },
  ].filter((entry) => entry !== null);

  return {
    lang,
    style: PASSPORT_PAGE_STYLE,
    title: t('passportPage.documentTitle', { product: name }),
    heading: name,
    labels: Object.fromEntries(
      LABELS.map((key) => [key, t(`passportPage.${key}`, { operator: operatorName })]),
    ) as Record<(typeof LABELS)[number], string>,
    tierName: t(`passportPage.tiers.${tier}`),
    frame: pageFrame(t, {
      detail: { label: t('passportPage.accessLevel'), value: t(`passportPage.tiers.${tier}`) },
      footer: t('passportPage.footer', { operator: operatorName }),
    }),
    ids,
    notice: notice(document, t, when, operatorName),
    contents,
    product,
    operator,
    facility,
    qrSvg,
    figures,
    restricted: more,
    data,
    seal: sealView,
  };
}

export type PassportPageModel = ReturnType<typeof passportPageModel>;
