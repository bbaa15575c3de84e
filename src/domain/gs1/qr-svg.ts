// A QR code as inline SVG, drawn from the `qrcode` package's module matrix: one path, crisp at any
// size, with the quiet zone of four modules that QR (ISO/IEC 18004) and GS1 ask for.
import QRCode from 'qrcode';
import { escapeHtml } from '../xml-escape.ts';

export const QR_QUIET_ZONE = 4;

export function qrSvg(text: string, label: string): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  const extent = size + QR_QUIET_ZONE * 2;
  let path = '';
  for (let row = 0; row < size; row++) {
    for (let column = 0; column < size; column++) {
      if (modules.get(row, column)) path += `M${column + QR_QUIET_ZONE} ${row + QR_QUIET_ZONE}h1v1h-1z`;
    }
  }
  return (
    `<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${extent} ${extent}" role="img" ` +
    `aria-label="${escapeHtml(label)}" shape-rendering="crispEdges"><rect width="${extent}" height="${extent}" ` +
    `fill="#fff"/><path d="${path}" fill="#000"/></svg>`
  );
}
