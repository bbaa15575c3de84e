import { describe, expect, it } from 'vitest';
import { credentialContextUrl, credentialMetadataContext } from './metadata-context.ts';

describe('credential metadata context', () => {
  it('defines only `metadata`, as a JSON literal in our namespace, at a stable URL', () => {
    expect(credentialContextUrl('https://dpp.example.com/')).toBe(
      'https://dpp.example.com/contexts/dpp/credential/v1',
    );
    expect(credentialMetadataContext('https://dpp.example.com')).toEqual({
      '@context': {
        '@version': 1.1,
        '@protected': true,
        metadata: { '@id': 'https://dpp.example.com/ns/dpp#metadata', '@type': '@json' },
      },
    });
  });
});
