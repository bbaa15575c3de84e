import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashToken } from './api-token.ts';
import {
  generateGrantToken,
  generateRequestSecret,
  grantTokenTier,
  looksLikeGrantToken,
} from './grant-token.ts';

describe('grant tokens', () => {
  it('carry their tier in the prefix and are stored as their SHA-256 only', () => {
    const li = generateGrantToken('legitimate-interest');
    const auth = generateGrantToken('authority');
    expect(li.token).toMatch(/^dpp_li_[A-Za-z0-9_-]{43}$/);
    expect(auth.token).toMatch(/^dpp_auth_[A-Za-z0-9_-]{43}$/);
    expect(li.hash).toBe(hashToken(li.token));
    expect(grantTokenTier(li.token)).toBe('legitimate-interest');
    expect(grantTokenTier(auth.token)).toBe('authority');
    expect(generateGrantToken('authority').token).not.toBe(auth.token);
  });

  it('are told apart from API keys by prefix alone', () => {
    expect(looksLikeGrantToken('dpp_li_x')).toBe(true);
    expect(looksLikeGrantToken('dpp_auth_')).toBe(true);
    expect(looksLikeGrantToken(`odpp_AAAAAAAA_dpp_token_${'x'.repeat(43)}`)).toBe(false);
  });

  it('name no tier unless well-formed', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const tier = grantTokenTier(text);
        if (tier !== null) expect(text).toMatch(/^(dpp_li_|dpp_auth_)[A-Za-z0-9_-]{43}$/);
      }),
    );
    expect(grantTokenTier(`dpp_li_${'x'.repeat(42)}`)).toBeNull();
    expect(grantTokenTier(`dpp_li_${'x'.repeat(43)}\n`)).toBeNull();
  });

  it('give requests a random status secret stored as a hash', () => {
    const { secret, hash } = generateRequestSecret();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hash).toBe(hashToken(secret));
  });
});
