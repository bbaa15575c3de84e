import { describe, expect, it } from 'vitest';
import { GS, parseBracketed, parseUnbracketed, toElementString, toHri } from './element-string.ts';

describe('element strings', () => {
  it('splits unbracketed data by pre-defined lengths and separators', () => {
    expect(parseUnbracketed(`0105412345000013310300018939232172${GS}10ABC123`)).toEqual({
      ok: true,
      ais: [
        { ai: '01', value: '05412345000013' },
        { ai: '3103', value: '000189' },
        { ai: '3923', value: '2172' },
        { ai: '10', value: 'ABC123' },
      ],
    });
    // A separator after a pre-defined length is harmless; a leading FNC1 is the symbol's marker.
    expect(parseUnbracketed(`${GS}0105412345000013${GS}10A`)).toMatchObject({
      ok: true,
      ais: [{}, { value: 'A' }],
    });
  });

  it('refuses unknown AIs, truncated fixed values and empty data', () => {
    expect(parseUnbracketed('4912')).toEqual({ ok: false, error: 'unknown AI at position 1 (4912)' });
    expect(parseUnbracketed(`0105412345${GS}10A`).ok).toBe(false);
    expect(parseUnbracketed('').ok).toBe(false);
    expect(parseUnbracketed('01').ok).toBe(true);
  });

  it('reads brackets inside bracketed values when they do not open a known AI', () => {
    expect(parseBracketed('(01)05412345000013(10)A(B)(C)(21)(X)')).toEqual({
      ok: true,
      ais: [
        { ai: '01', value: '05412345000013' },
        { ai: '10', value: 'A(B)(C)' },
        { ai: '21', value: '(X)' },
      ],
    });
    expect(parseBracketed('x(01)05412345000013').ok).toBe(false);
    expect(parseBracketed('(01)(10)A').ok).toBe(false);
  });

  it('writes pre-defined lengths first and a GS after every other AI but the last', () => {
    const ais = [
      { ai: '10', value: 'L' },
      { ai: '01', value: '05412345000013' },
      { ai: '21', value: 'S' },
      { ai: '17', value: '270101' },
    ];
    expect(toElementString(ais)).toBe(`01054123450000131727010110L${GS}21S`);
    expect(toHri(ais)).toBe('(10)L(01)05412345000013(21)S(17)270101');
  });
});
