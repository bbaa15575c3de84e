import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { QR_QUIET_ZONE, qrSvg } from './qr-svg.ts';

describe('qrSvg', () => {
  const link = 'https://dpp.example.com/01/04006381333931/21/SN-42';

  it('draws every dark module of the code inside a four-module quiet zone', () => {
    const svg = qrSvg(link, 'QR code');
    const { modules } = QRCode.create(link, { errorCorrectionLevel: 'M' });
    const extent = modules.size + 2 * QR_QUIET_ZONE;
    expect(svg).toContain(`viewBox="0 0 ${extent} ${extent}"`);
    const drawn = svg.match(/M\d+ \d+h1v1h-1z/g) ?? [];
    const dark = Array.from(modules.data).filter(Boolean).length;
    expect(drawn).toHaveLength(dark);
    for (const move of drawn) {
      const [x, y] = (move.match(/\d+/g) ?? []).map(Number) as [number, number];
      expect(x).toBeGreaterThanOrEqual(QR_QUIET_ZONE);
      expect(y).toBeGreaterThanOrEqual(QR_QUIET_ZONE);
      expect(modules.get(y - QR_QUIET_ZONE, x - QR_QUIET_ZONE)).toBeTruthy();
    }
  });

  it('escapes its label', () => {
    expect(qrSvg(link, '"><script>')).toContain('aria-label="&quot;&gt;&lt;script&gt;"');
  });
});
