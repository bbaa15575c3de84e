// The state-of-health chart of the unit page: an inline SVG drawn on the server, no script and no
// external asset, so it renders under a strict Content-Security-Policy and prints as it shows.
import { escapeHtml } from '../xml-escape.ts';

export interface SohPoint {
  at: Date;
  stateOfHealth: number;
}

const WIDTH = 640;
const HEIGHT = 180;
const PAD = { left: 44, right: 12, top: 12, bottom: 28 };

/** `points` in any order; `label` names the chart for assistive technology; `formatDate` localises. */
export function sohChart(
  points: readonly SohPoint[],
  label: string,
  formatDate: (date: Date) => string,
): string {
  const sorted = [...points].sort((a, b) => a.at.getTime() - b.at.getTime());
  const first = sorted[0];
  const last = sorted.at(-1);
  if (!first || !last) return '';
  const span = last.at.getTime() - first.at.getTime();
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (at: Date) =>
    PAD.left + (span === 0 ? plotWidth / 2 : ((at.getTime() - first.at.getTime()) / span) * plotWidth);
  const y = (soh: number) => PAD.top + (1 - soh / 100) * plotHeight;
  const coordinates = sorted.map((p) => `${x(p.at).toFixed(1)},${y(p.stateOfHealth).toFixed(1)}`);

  const grid = [0, 50, 100]
    .map(
      (level) =>
        `<line x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${y(level)}" y2="${y(level)}" class="grid"/>` +
        `<text x="${PAD.left - 6}" y="${y(level) + 4}" text-anchor="end">${level} %</text>`,
    )
    .join('');
  const dots =
    sorted.length <= 60
      ? coordinates
          .map((c) => {
            const [cx, cy] = c.split(',');
            return `<circle cx="${cx}" cy="${cy}" r="2.5"/>`;
          })
          .join('')
      : '';
  const axis =
    `<text x="${PAD.left}" y="${HEIGHT - 8}">${escapeHtml(formatDate(first.at))}</text>` +
    (span > 0
      ? `<text x="${WIDTH - PAD.right}" y="${HEIGHT - 8}" text-anchor="end">${escapeHtml(formatDate(last.at))}</text>`
      : '');
  return (
    `<svg class="soh" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeHtml(label)}" xmlns="http://www.w3.org/2000/svg">` +
    `<title>${escapeHtml(label)}</title>${grid}` +
    `<polyline points="${coordinates.join(' ')}" class="line"/>${dots}${axis}</svg>`
  );
}
