// What the unit page (`Accept: text/html` on GET /api/v1/units/{id}) shows: serial, model, status,
// current state, the state-of-health chart, recent events and the unit's link, in the caller's
// language, as plain strings for the `unit` template (which escapes them). Only the two inline
// SVGs are markup, built by our own renderers.
import { qrSvg } from '../gs1/qr-svg.ts';
import { productName } from '../passports/key-figures.ts';
import { pageFrame, type Translate } from '../passports/page-frame.ts';
import { sohChart } from './soh-chart.ts';
import type { UnitView } from './view.ts';

export type { Translate };

export const PAGE_EVENT_LIMIT = 20;
const PAYLOAD_PREVIEW = 160;
const NONE = '–';

export interface PageInput {
  lang: string;
  t: Translate;
  /** The unit in the reader's tier: a view below the telemetry tier carries `restrictedData`. */
  view: UnitView & { restrictedData?: unknown };
  ceasedAt: Date | null;
}

/**
 * What the reader's tier withholds of the unit's readings, and where to ask for them. A view that
 * withholds them says so instead of "no measurements": the readings may well exist.
 */
function withheldReadings(view: PageInput['view']): { href: string | null } | null {
  const marker = view.restrictedData;
  if (typeof marker !== 'object' || marker === null) return null;
  const { withheld, requestAccess } = marker as { withheld?: unknown; requestAccess?: unknown };
  if (
    !Array.isArray(withheld) ||
    !withheld.some((field) => field === 'currentState' || field === 'dynamicData')
  )
    return null;
  return { href: typeof requestAccess === 'string' ? requestAccess : null };
}

export const UNIT_PAGE_STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1b1f24;background:#f6f7f9}
a{color:#0550ae}a:focus-visible{outline:3px solid #0969da;outline-offset:2px;border-radius:2px}
main{max-width:60rem;margin:0 auto;padding:0 1rem}h1{font-size:1.6rem;line-height:1.25;margin:.5rem 0 1rem}
section{background:#fff;border:1px solid #dde1e6;border-radius:8px;padding:1rem 1.25rem;margin:0 0 1rem}
h2{font-size:1.1rem;margin:0 0 .75rem}dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0}
dt{color:#57606a}dd{margin:0;overflow-wrap:anywhere}table{border-collapse:collapse;width:100%;font-size:.9rem}
th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #eef0f2;vertical-align:top}
code{font-size:.8rem;overflow-wrap:anywhere}.soh{width:100%;height:auto}.soh .grid{stroke:#dde1e6}
.soh .line{fill:none;stroke:#1a7f37;stroke-width:2}.soh circle{fill:#1a7f37}.soh text{font-size:11px;fill:#57606a}
.status{font-weight:600}.scroll{overflow-x:auto}.identity{display:flex;gap:1.5rem;align-items:flex-start;flex-wrap:wrap}
.identity dl{flex:1 1 20rem}.qr{width:10rem;height:10rem;flex:none}.request{font-weight:600}`;

const LABELS = [
  'serialNumber',
  'model',
  'status',
  'manufacturedAt',
  'ceasedAt',
  'scanLink',
  'noScanLink',
  'currentState',
  'noMeasurements',
  'chartTitle',
  'recentEvents',
  'noEvents',
] as const;

const EVENT_COLUMNS = [
  'recordedAt',
  'event',
  'stateOfHealth',
  'cycleCount',
  'remainingCapacity',
  'temperature',
];

export function unitPageModel({ lang, t, view, ceasedAt }: PageInput) {
  const number = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
  const dateTime = new Intl.DateTimeFormat(lang, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  const formatDate = (date: Date) => `${dateTime.format(date)} UTC`;
  const when = (iso: string | null) => (iso === null ? NONE : formatDate(new Date(iso)));
  const measure = (value: number | null, unit = '') =>
    value === null ? NONE : `${number.format(value)}${unit}`;

  const state = view.currentState;
  const current =
    state.recordedAt === null
      ? []
      : [
          { label: t('unitPage.stateOfHealth'), value: measure(state.stateOfHealth, ' %') },
          { label: t('unitPage.cycleCount'), value: measure(state.cycleCount) },
          { label: t('unitPage.remainingCapacity'), value: measure(state.remainingCapacityAh, ' Ah') },
          { label: t('unitPage.temperature'), value: measure(state.temperatureC, ' °C') },
          { label: t('unitPage.recordedAt'), value: when(state.recordedAt) },
        ];

  const points = view.dynamicData.flatMap((event) =>
    event.stateOfHealth === null
      ? []
      : [{ at: new Date(event.recordedAt), stateOfHealth: event.stateOfHealth }],
  );

  const events = view.dynamicData.slice(0, PAGE_EVENT_LIMIT).map((event) => {
    const payload = event.payload === null ? '' : JSON.stringify(event.payload);
    return {
      recordedAt: when(event.recordedAt),
      type: t(`unitPage.eventTypes.${event.eventType}`),
      preview: payload.length > PAYLOAD_PREVIEW ? `${payload.slice(0, PAYLOAD_PREVIEW)}…` : payload,
      stateOfHealth: measure(event.stateOfHealth, ' %'),
      cycleCount: measure(event.cycleCount),
      remainingCapacity: measure(event.remainingCapacityAh, ' Ah'),
      temperature: measure(event.temperatureC, ' °C'),
    };
  });

  const restricted = withheldReadings(view);
  return {
    lang,
    style: UNIT_PAGE_STYLE,
    frame: pageFrame(t),
    // Below the telemetry tier the readings are withheld, whether or not there are any.
    readings: restricted
      ? {
          restricted: t('unitPage.readingsRestricted'),
          href: restricted.href,
          requestAccess: t('passportPage.requestAccess'),
        }
      : null,
    title: t('unitPage.title', { serial: view.serialNumber }),
    labels: Object.fromEntries(LABELS.map((key) => [key, t(`unitPage.${key}`)])) as Record<
      (typeof LABELS)[number],
      string
    >,
    serialNumber: view.serialNumber,
    // The model by its product's name, as people know it, with its identifier beside.
    model: {
      href: view.ofModel.digitalProductPassportId,
      productId: view.ofModel.productId,
      name: productName((view.ofModel as { metadata?: unknown }).metadata),
    },
    status: t(`unitPage.statuses.${view.status}`),
    manufacturedAt: when(view.manufacturedAt),
    ceasedAt: ceasedAt ? when(ceasedAt.toISOString()) : null,
    link: view.digitalLinkUri,
    // The code a person scans to reach this unit: its digitalLinkUri (its GS1 Digital Link, or its
    // node URL under a passport without a GS1 key), as on its QR code and labels.
    qrSvg: view.digitalLinkUri ? qrSvg(view.digitalLinkUri, t('unitPage.scanLink')) : '',
    current,
    chartSvg: points.length > 0 ? sohChart(points, t('unitPage.chartTitle'), formatDate) : null,
    eventHeadings: EVENT_COLUMNS.map((key) => t(`unitPage.${key}`)),
    events,
  };
}
