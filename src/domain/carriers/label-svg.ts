// A label as an SVG document sized in millimetres (1 user unit = 1 mm), for print at 100 %.
import { type LabelLayout, moduleRuns } from './label-layout.ts';
import { xmlText } from './raster.ts';

const FONTS = {
  'sans-bold': 'font-family="Helvetica, Arial, sans-serif" font-weight="bold"',
  mono: `font-family="'OCR-B', 'Courier New', Courier, monospace"`,
} as const;

const mm = (value: number) => Number(value.toFixed(3)).toString();

export function labelSvg(layout: LabelLayout): string {
  let path = '';
  for (const symbol of layout.symbols) {
    for (const run of moduleRuns(symbol)) {
      path += `M${mm(run.x)} ${mm(run.y)}h${mm(run.width)}v${mm(run.height)}h-${mm(run.width)}z`;
    }
  }
  const text = layout.lines
    .map(
      (line) =>
        `<text x="${mm(line.x)}" y="${mm(line.y)}" font-size="${mm(line.size)}" ${FONTS[line.font]}>${xmlText(line.text)}</text>`,
    )
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="${mm(layout.width)}mm" ` +
    `height="${mm(layout.height)}mm" viewBox="0 0 ${mm(layout.width)} ${mm(layout.height)}">` +
    `<title>${xmlText(layout.title)}</title><rect width="100%" height="100%" fill="#fff"/>` +
    `<path d="${path}" fill="#000" shape-rendering="crispEdges"/><g fill="#000">${text}</g></svg>\n`
  );
}
