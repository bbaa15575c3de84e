import { describe, expect, it } from 'vitest';
import { plainHttpWarning } from './plain-http-warning.ts';

describe('plainHttpWarning', () => {
  it('warns when the published address is http on a host other than loopback', () => {
    for (const url of ['http://dpp.example.com', 'http://10.0.0.5:3000', 'http://[2001:db8::1]/dpp']) {
      expect(plainHttpWarning(url), url).toMatch(
        /^PUBLIC_BASE_URL is http on a host that is not loopback \(http:\/\/.+\): did:web DID documents and GS1 resolvers need https\./,
      );
    }
  });

  it('says nothing for https, or for loopback during development', () => {
    for (const url of [
      'https://dpp.example.com',
      'https://127.0.0.1:3443',
      'http://localhost:3000',
      'http://acme.localhost:3000',
      'http://127.0.0.1:3000',
      'http://127.8.9.10',
      'http://[::1]:3000',
    ]) {
      expect(plainHttpWarning(url), url).toBeUndefined();
    }
  });
});
