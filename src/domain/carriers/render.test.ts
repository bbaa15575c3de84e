import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { carrierContent } from './content.ts';
import { dataMatrixMatrix, qrMatrix } from './matrix.ts';
import { renderCarrier, renderGs1DataMatrix, renderQr, SymbologyNotRenderable } from './render.ts';

const LINK = 'https://dpp.example.test/01/04006381333931/21/SN-42';

describe('renderQr', () => {
  it('draws the matrix qrcode computes, at the level asked for', () => {
    for (const level of ['L', 'M', 'Q', 'H'] as const) {
      const { modules } = QRCode.create(LINK, { errorCorrectionLevel: level });
      expect(qrMatrix(LINK, level).size).toBe(modules.size);
      expect(Array.from(qrMatrix(LINK, level).dark)).toEqual(Array.from(modules.data, Number));
      const image = renderQr(LINK, { format: 'png', size: 300, errorCorrection: level });
      expect(image).toMatchObject({
        symbology: 'qr',
        contentType: 'image/png',
        text: LINK,
        modules: modules.size,
      });
    }
  });

  it('keeps at least four modules of quiet zone even when fewer are asked for', () => {
    const image = renderQr(LINK, { format: 'svg', size: 512, quietZone: 1 });
    expect(image.placement.offset).toBeGreaterThanOrEqual(4 * image.placement.module);
    expect(image.contentType).toBe('image/svg+xml');
  });
});

describe('renderGs1DataMatrix', () => {
  it('encodes a Digital Link as a URI and an element string in GS1 mode', () => {
    expect(renderGs1DataMatrix(LINK, { format: 'png', size: 200 }).modules).toBe(
      dataMatrixMatrix('gs1dldatamatrix', LINK).size,
    );
    const elements = renderGs1DataMatrix('(01)04006381333931(21)SN-42', { format: 'png', size: 200 });
    expect(elements.symbology).toBe('datamatrix');
    expect(elements.placement.offset).toBeGreaterThanOrEqual(elements.placement.module);
  });

  it('refuses data that is not GS1: no primary key, a wrong check digit', () => {
    for (const data of [
      'https://dpp.example.test/passport/p-1',
      'https://dpp.example.test/01/04006381333932',
      'https://dpp.example.test/8003/04006381333931AB/21/S1',
      '(01)04006381333932',
    ]) {
      expect(() => renderGs1DataMatrix(data, { format: 'png', size: 200 }), data).toThrow(
        SymbologyNotRenderable,
      );
    }
  });
});

describe('renderCarrier', () => {
  const base = {
    kind: 'passport' as const,
    id: 'p-1',
    nodeUrl: 'https://dpp.example.test/passport/p-1',
    category: 'textiles',
  };
  const options = { format: 'png' as const, size: 256, errorCorrection: 'M' as const };

  it('draws the Data Matrix of a GS1 subject without warnings', () => {
    const content = carrierContent({
      ...base,
      digitalLink: 'https://dpp.example.test/01/04006381333931',
      productIdScheme: 'GTIN',
      productId: '04006381333931',
    });
    const { image, warnings } = renderCarrier(content, 'datamatrix', options);
    expect(image.symbology).toBe('datamatrix');
    expect(warnings).toEqual([]);
  });

  it('draws the QR code instead, with CARRIER_SYMBOLOGY_NOT_RENDERED, when there is no GS1 key', () => {
    const content = carrierContent({
      ...base,
      digitalLink: null,
      productIdScheme: 'SKU',
      productId: 'SKU-1',
    });
    const { image, warnings } = renderCarrier(content, 'datamatrix', options);
    expect(image).toMatchObject({ symbology: 'qr', text: base.nodeUrl });
    expect(warnings).toEqual([
      {
        code: 'CARRIER_SYMBOLOGY_NOT_RENDERED',
        message: 'data carrier symbology GS1 DataMatrix was not rendered',
        params: { symbology: 'GS1 DataMatrix' },
      },
    ]);
  });
});
