import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateApiToken, hashToken, sameHash, sameSecret, tokenPrefix } from './api-token.ts';

describe('API tokens', () => {
  it('have the shape <prefix>dpp_token_<secret> and hash to what is stored', () => {
    const { token, prefix, hash } = generateApiToken();
    expect(token.startsWith(`${prefix}dpp_token_`)).toBe(true);
    expect(prefix).toMatch(/^odpp_[A-Za-z0-9]{8}_$/);
    expect(tokenPrefix(token)).toBe(prefix);
    expect(hash).toBe(hashToken(token));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('are unique', () => {
    const tokens = new Set(Array.from({ length: 500 }, () => generateApiToken().token));
    expect(tokens.size).toBe(500);
  });

  it('reject anything not shaped like a token before any lookup', () => {
    fc.assert(
      fc.property(fc.string(), (candidate) => {
        const prefix = tokenPrefix(candidate);
        if (prefix !== null) expect(candidate.startsWith(`${prefix}dpp_token_`)).toBe(true);
      }),
    );
    expect(tokenPrefix('odpp_ABCDEFGH_dpp_token_short')).toBeNull();
    expect(tokenPrefix(`x${generateApiToken().token}`)).toBeNull();
  });

  it('compare secrets by hash', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(sameSecret(a, b)).toBe(a === b);
      }),
    );
    expect(sameHash('ab', 'abcd')).toBe(false);
  });
});
