// The unit page (`Accept: text/html` on GET /api/v1/units/{id}): serial, model, status, current
// state, the state-of-health chart, recent events and the unit's link, in the caller's language.
// Template literals with every piece of text escaped; the page loads nothing from elsewhere.
import { qrSvg } from '../gs1/qr-svg.ts';
import { escapeHtml } from '../vocabulary/html.ts';
import { sohChart } from './soh-chart.ts';
import type { UnitView } from './view.ts';

export type Translate = (key: string, params?: Record<string, string>) => string;

export const PAGE_EVENT_LIMIT = 20;
const PAYLOAD_PREVIEW = 160;

export interface PageInput {
  lang: string;
  t: Translate;
  view: UnitView;
  ceasedAt: Date | null;
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1b1f24;background:#f6f7f9}
main{max-width:60rem;margin:0 auto;padding:1.5rem}h1{font-size:1.5rem;margin:0 0 1rem}
section{background:#fff;border:1px solid #dde1e6;border-radius:8px;padding:1rem 1.25rem;margin:0 0 1rem}
h2{font-size:1.1rem;margin:0 0 .75rem}dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0}
dt{color:#57606a}dd{margin:0;overflow-wrap:anywhere}table{border-collapse:collapse;width:100%;font-size:.9rem}
th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #eef0f2;vertical-align:top}
code{font-size:.8rem;overflow-wrap:anywhere}.soh{width:100%;height:auto}.soh .grid{stroke:#dde1e6}
.soh .line{fill:none;stroke:#1a7f37;stroke-width:2}.soh circle{fill:#1a7f37}.soh text{font-size:11px;fill:#57606a}
.status{font-weight:600}.scroll{overflow-x:auto}.identity{display:flex;gap:1.5rem;align-items:flex-start;flex-wrap:wrap}
.identity dl{flex:1 1 20rem}.qr{width:10rem;height:10rem;flex:none}`;

export function renderUnitPage({ lang, t, view, ceasedAt }: PageInput): string {
  const number = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
  const dateTime = new Intl.DateTimeFormat(lang, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  const formatDate = (date: Date) => `${dateTime.format(date)} UTC`;
  const when = (iso: string | null) => (iso === null ? '–' : escapeHtml(formatDate(new Date(iso))));
  const measure = (value: number | null, unit = '') =>
    value === null ? '–' : escapeHtml(`${number.format(value)}${unit}`);
  const row = (label: string, value: string) => `<dt>${escapeHtml(label)}</dt><dd>${value}</dd>`;

  const link = view.digitalLinkUri
    ? `<a href="${escapeHtml(view.digitalLinkUri)}"><code>${escapeHtml(view.digitalLinkUri)}</code></a>`
    : escapeHtml(t('unitPage.noScanLink'));
  // The code a person scans to reach this unit: its GS1 Digital Link (none for a SKU passport).
  const qr = view.digitalLinkUri ? qrSvg(view.digitalLinkUri, t('unitPage.scanLink')) : '';
  const model = view.ofModel;
  const identity = [
    row(t('unitPage.serialNumber'), `<code>${escapeHtml(view.serialNumber)}</code>`),
    row(
      t('unitPage.model'),
      `<a href="${escapeHtml(model.digitalProductPassportId)}">${escapeHtml(model.productId)}</a>`,
    ),
    row(
      t('unitPage.status'),
      `<span class="status">${escapeHtml(t(`unitPage.statuses.${view.status}`))}</span>`,
    ),
    row(t('unitPage.manufacturedAt'), when(view.manufacturedAt)),
    ...(ceasedAt ? [row(t('unitPage.ceasedAt'), when(ceasedAt.toISOString()))] : []),
    row(t('unitPage.scanLink'), link),
  ].join('');

  const state = view.currentState;
  const current =
    state.recordedAt === null
      ? `<p>${escapeHtml(t('unitPage.noMeasurements'))}</p>`
      : `<dl>${[
          row(t('unitPage.stateOfHealth'), measure(state.stateOfHealth, ' %')),
          row(t('unitPage.cycleCount'), measure(state.cycleCount)),
          row(t('unitPage.remainingCapacity'), measure(state.remainingCapacityAh, ' Ah')),
          row(t('unitPage.temperature'), measure(state.temperatureC, ' °C')),
          row(t('unitPage.recordedAt'), when(state.recordedAt)),
        ].join('')}</dl>`;

  const points = view.dynamicData.flatMap((event) =>
    event.stateOfHealth === null
      ? []
      : [{ at: new Date(event.recordedAt), stateOfHealth: event.stateOfHealth }],
  );
  const chart =
    points.length > 0
      ? sohChart(points, t('unitPage.chartTitle'), formatDate)
      : `<p>${escapeHtml(t('unitPage.noMeasurements'))}</p>`;

  const recent = view.dynamicData.slice(0, PAGE_EVENT_LIMIT);
  const events =
    recent.length === 0
      ? `<p>${escapeHtml(t('unitPage.noEvents'))}</p>`
      : `<div class="scroll"><table><thead><tr>${[
          'recordedAt',
          'event',
          'stateOfHealth',
          'cycleCount',
          'remainingCapacity',
          'temperature',
        ]
          .map((key) => `<th scope="col">${escapeHtml(t(`unitPage.${key}`))}</th>`)
          .join('')}</tr></thead><tbody>${recent
          .map((event) => {
            const payload = event.payload === null ? '' : JSON.stringify(event.payload);
            const preview =
              payload.length > PAYLOAD_PREVIEW ? `${payload.slice(0, PAYLOAD_PREVIEW)}…` : payload;
            return `<tr><td>${when(event.recordedAt)}</td><td>${escapeHtml(t(`unitPage.eventTypes.${event.eventType}`))}${
              preview ? `<br><code>${escapeHtml(preview)}</code>` : ''
            }</td><td>${measure(event.stateOfHealth, ' %')}</td><td>${measure(event.cycleCount)}</td><td>${measure(
              event.remainingCapacityAh,
              ' Ah',
            )}</td><td>${measure(event.temperatureC, ' °C')}</td></tr>`;
          })
          .join('')}</tbody></table></div>`;

  const title = t('unitPage.title', { serial: view.serialNumber });
  return `<!doctype html>
<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>
<section class="identity"><dl>${identity}</dl>${qr}</section>
<section><h2>${escapeHtml(t('unitPage.currentState'))}</h2>${current}</section>
<section><h2>${escapeHtml(t('unitPage.chartTitle'))}</h2>${chart}</section>
<section><h2>${escapeHtml(t('unitPage.recentEvents'))}</h2>${events}</section>
</main></body></html>
`;
}
