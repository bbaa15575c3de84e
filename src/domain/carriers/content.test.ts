import { describe, expect, it } from 'vitest';
import { type CarrierSubject, carrierContent } from './content.ts';

const BASE = 'https://dpp.example.test';
const subject = (overrides: Partial<CarrierSubject> = {}): CarrierSubject => ({
  kind: 'passport',
  id: 'p-1',
  digitalLink: `${BASE}/01/04006381333931`,
  nodeUrl: `${BASE}/passport/p-1`,
  productIdScheme: 'GTIN',
  productId: '04006381333931',
  category: 'electronics',
  ...overrides,
});

describe('carrierContent', () => {
  it('encodes the Digital Link of a GTIN with its element string and HRI', () => {
    expect(carrierContent(subject())).toEqual({
      link: `${BASE}/01/04006381333931`,
      gs1: true,
      elementString: '(01)04006381333931',
      hri: '(01) 04006381333931',
      title: '04006381333931',
    });
  });

  it('adds AI 21 for a unit and names the unit in the title', () => {
    const content = carrierContent(
      subject({
        kind: 'unit',
        serialNumber: 'SN-42',
        digitalLink: `${BASE}/01/04006381333931/21/SN-42`,
        metadata: { generalInformation: { batteryModel: 'VC-48V-100Ah' } },
      }),
    );
    expect(content).toMatchObject({
      link: `${BASE}/01/04006381333931/21/SN-42`,
      elementString: '(01)04006381333931(21)SN-42',
      hri: '(01) 04006381333931 (21) SN-42',
      title: 'VC-48V-100Ah · SN-42',
    });
  });

  it('uses AI 8003 for a GRAI', () => {
    const content = carrierContent(
      subject({
        productIdScheme: 'GRAI',
        productId: '04006381333931AB',
        digitalLink: `${BASE}/8003/04006381333931AB`,
      }),
    );
    expect(content.elementString).toBe('(8003)04006381333931AB');
  });

  it('falls back to the node URL without a GS1 key, with the product id as HRI', () => {
    expect(
      carrierContent(
        subject({
          kind: 'unit',
          productIdScheme: 'SKU',
          productId: 'SKU-7',
          serialNumber: 'A1',
          digitalLink: null,
          nodeUrl: `${BASE}/unit/u-1`,
        }),
      ),
    ).toMatchObject({ link: `${BASE}/unit/u-1`, gs1: false, elementString: null, hri: 'SKU-7 / A1' });
  });

  it('titles a label with the product name where the category keeps it, trimmed and cut by code points', () => {
    const title = (metadata: unknown) => carrierContent(subject({ metadata })).title;
    expect(title({ productInformation: { productName: '  Organic\n cotton   shirt ' } })).toBe(
      'Organic cotton shirt',
    );
    expect(title({ productName: 'Hydra Day Cream' })).toBe('Hydra Day Cream');
    expect(title({ productInformation: { tradeName: 'Solvent X' } })).toBe('Solvent X');
    expect(title({ productInformation: { productName: '' } })).toBe('04006381333931');
    expect(title({ productInformation: { productName: 42 } })).toBe('04006381333931');
    const long = title({ productName: '😀'.repeat(100) });
    expect(Array.from(long)).toHaveLength(80);
    expect(long.endsWith('😀…')).toBe(true);
  });
});
