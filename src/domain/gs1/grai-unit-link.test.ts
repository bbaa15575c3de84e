import { describe, expect, it } from 'vitest';
import { readGraiUnitLink } from './grai-unit-link.ts';

describe('readGraiUnitLink', () => {
  it('reads the GRAI and serial, on any host and path prefix, numeric AIs or short names', () => {
    expect(readGraiUnitLink('https://id.example/8003/04006381333931A7/21/S-1')).toEqual({
      base: 'https://id.example',
      grai: '04006381333931A7',
      serial: 'S-1',
    });
    expect(readGraiUnitLink('https://id.example/r/grai/04006381333931/ser/A%2FB/')).toEqual({
      base: 'https://id.example/r',
      grai: '04006381333931',
      serial: 'A/B',
    });
  });

  it('refuses what is not that shape, a bad GRAI, or a serial outside AI 21', () => {
    for (const uri of [
      'https://id.example/8003/04006381333931',
      'https://id.example/8003/04006381333932/21/S1',
      'https://id.example/01/04006381333931/21/S1',
      'https://id.example/8003/04006381333931/10/S1',
      `https://id.example/8003/04006381333931/21/${'S'.repeat(21)}`,
      'https://id.example/8003/04006381333931/21/%E2%82%AC',
      'https://id.example/8003/04006381333931/21/%',
      'ftp://id.example/8003/04006381333931/21/S1',
      'not a url',
    ]) {
      expect(readGraiUnitLink(uri), uri).toBeNull();
    }
  });
});
