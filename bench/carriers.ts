// Data carriers per second beside the raw `qrcode` calls that make the same code in the same run:
// a 512 px PNG (ours: whole-pixel modules, greyscale, exact size; raw: QRCode.toBuffer at width 512)
// and an SVG (raw: QRCode.toString type svg). Our side includes the option checks the routes run.
import QRCode from 'qrcode';
import { readImageOptions, renderQr } from '../src/domain/carriers/index.ts';
import { figure, type Row } from './lib/measure.ts';
import { pair } from './lib/pair.ts';

const LINK = 'https://dpp.example.com/01/04006381333931/21/SN-0001';

export async function carrierFigures(): Promise<Row[]> {
  const render = (format: 'png' | 'svg') => () =>
    renderQr(LINK, readImageOptions({ format, size: '512', errorCorrection: 'M' }).options);
  const rawPng = () => QRCode.toBuffer(LINK, { errorCorrectionLevel: 'M', width: 512, margin: 4 });
  const rawSvg = () =>
    QRCode.toString(LINK, { errorCorrectionLevel: 'M', width: 512, margin: 4, type: 'svg' });
  const [png, rawPngRate] = await pair(render('png'), rawPng);
  const [svg, rawSvgRate] = await pair(render('svg'), rawSvg);
  return [
    figure('QR code, PNG 512 px', png, 'QR/s', 'raw qrcode toBuffer', rawPngRate),
    figure('QR code, SVG 512 px', svg, 'QR/s', 'raw qrcode toString svg', rawSvgRate),
  ];
}
