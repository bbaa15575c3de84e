// A QR code as inline SVG for pages: the carriers' module matrix and path, one module per user unit,
// so it scales crisply to whatever box the page gives it, with the quiet zone of four modules that
// QR (ISO/IEC 18004) and GS1 ask for.
import { qrMatrix } from '../carriers/matrix.ts';
import { MIN_QUIET_ZONE } from '../carriers/options.ts';
import { modulePath } from '../carriers/raster.ts';
import { escapeHtml } from '../xml-escape.ts';

export const QR_QUIET_ZONE = MIN_QUIET_ZONE.qr;

export function qrSvg(text: string, label: string): string {
  const matrix = qrMatrix(text, 'M');
  const extent = matrix.size + QR_QUIET_ZONE * 2;
  const path = modulePath(matrix, { module: 1, offset: QR_QUIET_ZONE });
  return (
    `<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${extent} ${extent}" role="img" ` +
    `aria-label="${escapeHtml(label)}" shape-rendering="crispEdges"><rect width="${extent}" height="${extent}" ` +
    `fill="#fff"/><path d="${path}" fill="#000"/></svg>`
  );
}
