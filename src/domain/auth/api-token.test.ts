import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  generateApiToken,
  hashToken,
  sameHash,
  sameSecret,
  TOKEN_PATTERN,
  TOKEN_PREFIX,
  tokenPrefix,
} from './api-token.ts';

describe('API tokens', () => {
  it('have the shape odpp_dpp_token_<lookup id>_<secret> and hash to what is stored', () => {
    const { token, prefix, hash } = generateApiToken();
    expect(token.startsWith(prefix)).toBe(true);
    expect(prefix).toMatch(/^odpp_dpp_token_[A-Za-z0-9]{8}_$/);
    expect(tokenPrefix(token)).toBe(prefix);
    expect(hash).toBe(hashToken(token));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });

  // Authentication 1: "Key tokens begin with a fixed prefix ending in `dpp_token_`."
  it('begin with one fixed prefix ending in dpp_token_, the same for every key', () => {
    expect(TOKEN_PREFIX.endsWith('dpp_token_')).toBe(true);
    const tokens = Array.from({ length: 200 }, () => generateApiToken().token);
    for (const token of tokens) expect(token.slice(0, token.indexOf('dpp_token_') + 10)).toBe(TOKEN_PREFIX);
  });

  it('are matched by the pattern given to secret scanners, inside any text', () => {
    for (let i = 0; i < 200; i++) {
      const { token } = generateApiToken();
      expect(`export KEY="${token}"`.match(TOKEN_PATTERN)?.[0]).toBe(token);
    }
    expect(TOKEN_PATTERN.test('odpp_Xk3f9a2B_dpp_token_short')).toBe(false);
  });

  it('keep accepting tokens issued in the earlier form, by their own prefix', () => {
    const legacy = `odpp_Xk3f9a2B_dpp_token_${'A'.repeat(43)}`;
    expect(tokenPrefix(legacy)).toBe('odpp_Xk3f9a2B_');
  });

  it('are unique', () => {
    const tokens = new Set(Array.from({ length: 500 }, () => generateApiToken().token));
    expect(tokens.size).toBe(500);
  });

  it('reject anything not shaped like a token before any lookup', () => {
    fc.assert(
      fc.property(fc.string(), (candidate) => {
        const prefix = tokenPrefix(candidate);
        if (prefix !== null) expect(candidate.startsWith(prefix)).toBe(true);
      }),
    );
    expect(tokenPrefix('odpp_ABCDEFGH_dpp_token_short')).toBeNull();
    expect(tokenPrefix('odpp_dpp_token_ABCDEFGH_short')).toBeNull();
    expect(tokenPrefix(`x${generateApiToken().token}`)).toBeNull();
    expect(tokenPrefix(`${generateApiToken().token}x`)).toBeNull();
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
