import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it('replaces grant tokens and status keys, and nothing else', () => {
    expect(redactUrl('/api/v1/passports/p/history?grant=dpp_li_abc&page=2')).toBe(
      '/api/v1/passports/p/history?grant=REDACTED&page=2',
    );
    expect(redactUrl('/request-access/status/r?key=s3cret&lang=de')).toBe(
      '/request-access/status/r?key=REDACTED&lang=de',
    );
    expect(redactUrl('/x?%67rant=dpp_auth_z')).toBe('/x?%67rant=REDACTED');
    expect(redactUrl('/x?page=1')).toBe('/x?page=1');
    expect(redactUrl('/x')).toBe('/x');
  });

  it('never lets a grant value through, whatever surrounds it', () => {
    fc.assert(
      fc.property(
        fc.webPath(),
        fc.string(),
        fc.array(fc.tuple(fc.stringMatching(/^[a-z]{1,6}$/), fc.string())),
        (path, secret, others) => {
          const token = `dpp_li_${encodeURIComponent(secret)}SECRET`;
          const query = [...others.map(([n, v]) => `${n}=${encodeURIComponent(v)}`), `grant=${token}`].join(
            '&',
          );
          expect(redactUrl(`${path || '/'}?${query}`)).not.toContain('SECRET');
        },
      ),
    );
  });
});
