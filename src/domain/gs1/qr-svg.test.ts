import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { QR_QUIET_ZONE, qrSvg } from './qr-svg.ts';

describe('qrSvg', () => {
  const link = 'https://dpp.example.com/01/04006381333931/21/SN-42';

  it('draws exactly the dark modules of the code inside a four-module quiet zone', () => {
    const svg = qrSvg(link, 'QR code');
    const { modules } = QRCode.create(link, { errorCorrectionLevel: 'M' });
    const extent = modules.size + 2 * QR_QUIET_ZONE;
    expect(svg).toContain(`viewBox="0 0 ${extent} ${extent}"`);
    const drawn = new Set<string>();
    for (const [, x, y, width] of svg.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
      for (let dx = 0; dx < Number(width); dx++) drawn.add(`${Number(y)},${Number(x) + dx}`);
    }
    const expected = new Set<string>();
    for (let row = 0; row < modules.size; row++) {
      for (let column = 0; column < modules.size; column++) {
        if (modules.get(row, column)) expected.add(`${row + QR_QUIET_ZONE},${column + QR_QUIET_ZONE}`);
      }
    }
    expect(drawn).toEqual(expected);
  });

  it('escapes its label', () => {
    expect(qrSvg(link, '"><script>')).toContain('aria-label="&quot;&gt;&lt;script&gt;"');
  });
});
