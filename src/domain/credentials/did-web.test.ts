import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateSigningKey } from '../crypto/keys.ts';
import { assertionKey, didDocument, didWebFor, didWebUrl, verificationMethodId } from './did-web.ts';

describe('didWebFor', () => {
  it('names the workspace folder on the node', () => {
    expect(didWebFor('https://dpp.example.com', 'acme')).toBe('did:web:dpp.example.com:tenants:acme');
    expect(didWebFor('https://dpp.example.com:8443/', 'acme')).toBe(
      'did:web:dpp.example.com%3A8443:tenants:acme',
    );
    expect(didWebFor('https://example.com/dpp/node', 'acme')).toBe(
      'did:web:example.com:dpp:node:tenants:acme',
    );
  });

  it('refuses base URLs and tenant ids that cannot be a did:web', () => {
    expect(() => didWebFor('ftp://example.com', 'acme')).toThrow(TypeError);
    expect(() => didWebFor('https://example.com?x=1', 'acme')).toThrow(TypeError);
    expect(() => didWebFor('https://example.com', 'a:b')).toThrow(TypeError);
    expect(() => didWebFor('https://example.com', '')).toThrow(TypeError);
  });

  it('resolves to <baseUrl>/tenants/<tenantId>/did.json for any host, port, path and tenant', () => {
    const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/);
    fc.assert(
      fc.property(
        fc.array(label, { minLength: 1, maxLength: 3 }),
        fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }),
        fc.array(fc.stringMatching(/^[A-Za-z0-9_-]{1,8}$/), { maxLength: 2 }),
        fc.stringMatching(/^[A-Za-z0-9._~-]{1,36}$/).filter((id) => id !== '.' && id !== '..'),
        (labels, port, path, tenant) => {
          const host = `${labels.join('.')}.example`;
          const origin = `https://${host}${port && port !== 443 ? `:${port}` : ''}`;
          const base = [origin, ...path].join('/');
          expect(didWebUrl(didWebFor(base, tenant))).toBe(`${base}/tenants/${tenant}/did.json`);
        },
      ),
    );
  });
});

describe('didWebUrl', () => {
  it('refuses what is not a did:web or would leave the path', () => {
    for (const bad of [
      'did:key:z6Mk',
      'did:web:',
      'did:web:example.com:..',
      'did:web:example.com%2Fevil',
      'did:web:a#b',
    ]) {
      expect(() => didWebUrl(bad)).toThrow(TypeError);
    }
  });

  it('throws only TypeError, whatever the input', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        try {
          const url = new URL(didWebUrl(`did:web:${value}`));
          expect(url.href.startsWith('https://')).toBe(true);
          expect(url.protocol).toBe('https:');
          expect(url.pathname.endsWith('/did.json')).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(TypeError);
        }
      }),
    );
  });
});

describe('didDocument', () => {
  const did = 'did:web:dpp.example.com:tenants:acme';
  const old = generateSigningKey('2025-01');
  const current = generateSigningKey('2026-01');
  const document = didDocument({
    did,
    keys: [
      { kid: old.kid, publicJwk: old.publicJwk, active: false },
      { kid: current.kid, publicJwk: current.publicJwk, active: true },
    ],
    resolverUrl: 'https://dpp.example.com',
  });

  it('lists every key as a JsonWebKey assertion method, rotated ones included; only active keys authenticate', () => {
    expect(document.id).toBe(did);
    expect(document.verificationMethod.map((m) => m.id)).toEqual([`${did}#2025-01`, `${did}#2026-01`]);
    expect(document.verificationMethod.every((m) => m.type === 'JsonWebKey' && m.controller === did)).toBe(
      true,
    );
    expect(document.assertionMethod).toEqual([`${did}#2025-01`, `${did}#2026-01`]);
    expect(document.authentication).toEqual([`${did}#2026-01`]);
    expect(document.service).toEqual([
      { id: `${did}#resolver`, type: 'LinkedDomains', serviceEndpoint: 'https://dpp.example.com' },
    ]);
  });

  it('never carries private key material, even when handed a private JWK', () => {
    const leaky = didDocument({
      did,
      keys: [{ kid: 'k', publicJwk: current.privateJwk, active: true }],
      resolverUrl: 'https://dpp.example.com',
    });
    expect(JSON.stringify(leaky)).not.toContain(current.privateJwk.d);
  });

  it('refuses two keys with one kid', () => {
    expect(() =>
      didDocument({
        did,
        keys: [
          { kid: 'k', publicJwk: old.publicJwk, active: false },
          { kid: 'k', publicJwk: current.publicJwk, active: true },
        ],
        resolverUrl: 'https://dpp.example.com',
      }),
    ).toThrow(TypeError);
  });

  it('finds assertion keys by verification method id', () => {
    expect(assertionKey(document, verificationMethodId(did, '2025-01'))).toMatchObject({
      x: old.publicJwk.x,
    });
    expect(assertionKey(document, `${did}#nope`)).toBeNull();
    expect(assertionKey({ ...document, assertionMethod: [] }, `${did}#2026-01`)).toBeNull();
  });
});
