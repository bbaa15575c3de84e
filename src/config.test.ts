import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicBaseUrl: 'http://localhost:3000',
      dataDir: './data',
      trustProxy: false,
      logLevel: 'info',
    });
    expect(loadConfig({ PORT: '8080' }).publicBaseUrl).toBe('http://localhost:8080');
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '4000',
      HOST: '0.0.0.0',
      PUBLIC_BASE_URL: 'https://dpp.example.com/',
      DATA_DIR: '/var/lib/opendpp',
      DATABASE_URL: 'postgres://u@db:5432/dpp',
      REDIS_URL: 'redis://cache:6379',
      PLATFORM_ADMIN_TOKEN: 'a-long-enough-admin-token-123',
      MASTER_KEY: 'ab'.repeat(32),
      TRUST_PROXY: '10.0.0.0/8, 192.168.1.1',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 4000,
      host: '0.0.0.0',
      publicBaseUrl: 'https://dpp.example.com',
      databaseUrl: 'postgres://u@db:5432/dpp',
      redisUrl: 'redis://cache:6379',
      trustProxy: ['10.0.0.0/8', '192.168.1.1'],
      logLevel: 'warn',
    });
    expect(Object.isFrozen(config)).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PUBLIC_BASE_URL', 'ftp://example.com'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'localhost:6379'],
    ['PLATFORM_ADMIN_TOKEN', 'short'],
    ['MASTER_KEY', 'not-hex'],
    ['LOG_LEVEL', 'verbose'],
    ['EORI_VALIDATION_URL', 'ec.europa.eu/validation'],
    ['EORI_VALIDATION_URL', 'ftp://ec.europa.eu/validation'],
    ['PLUGIN_TIMEOUT_MS', 'ten seconds'],
    ['PLUGIN_TIMEOUT_MS', '500'],
  ])('stops on a bad %s, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  it('requires MASTER_KEY with a shared PostgreSQL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/x' })).toThrow(/MASTER_KEY/);
  });

  it('reads TLS_CERT and TLS_KEY together or not at all', () => {
    expect(loadConfig({})).not.toHaveProperty('tlsCert');
    expect(loadConfig({ TLS_CERT: '/etc/opendpp/tls.crt', TLS_KEY: '/etc/opendpp/tls.key' })).toMatchObject({
      tlsCert: '/etc/opendpp/tls.crt',
      tlsKey: '/etc/opendpp/tls.key',
    });
    for (const one of [{ TLS_CERT: '/etc/opendpp/tls.crt' }, { TLS_KEY: '/etc/opendpp/tls.key' }]) {
      expect(() => loadConfig(one)).toThrow(
        new ConfigError('TLS_CERT and TLS_KEY are set together or not at all'),
      );
    }
  });

  it('reads DATABASE_REPLICA_URLS as a list beside DATABASE_URL, and never without it', () => {
    const shared = { DATABASE_URL: 'postgres://db/x', MASTER_KEY: 'ab'.repeat(32) };
    expect(loadConfig(shared)).not.toHaveProperty('databaseReplicaUrls');
    expect(
      loadConfig({ ...shared, DATABASE_REPLICA_URLS: 'postgres://r1/x, postgresql://r2/x,' })
        .databaseReplicaUrls,
    ).toEqual(['postgres://r1/x', 'postgresql://r2/x']);
    expect(() => loadConfig({ ...shared, DATABASE_REPLICA_URLS: 'mysql://r1/x' })).toThrow(
      /DATABASE_REPLICA_URLS is invalid/,
    );
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'postgres://r1/x' })).toThrow(
      new ConfigError('DATABASE_REPLICA_URLS needs DATABASE_URL: replicas follow a PostgreSQL primary'),
    );
  });

  it('reads CACHE_PURGE_URL and CACHE_PURGE_SECRET together or not at all', () => {
    const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    expect(
      loadConfig({ CACHE_PURGE_URL: 'http://purger.internal/purge', CACHE_PURGE_SECRET: secret }),
    ).toMatchObject({
      cachePurgeUrl: 'http://purger.internal/purge',
      cachePurgeSecret: secret,
    });
    for (const one of [{ CACHE_PURGE_URL: 'http://purger.internal/purge' }, { CACHE_PURGE_SECRET: secret }]) {
      expect(() => loadConfig(one)).toThrow(
        new ConfigError('CACHE_PURGE_URL and CACHE_PURGE_SECRET are set together or not at all'),
      );
    }
    expect(() =>
      loadConfig({ CACHE_PURGE_URL: 'http://purger.internal/purge', CACHE_PURGE_SECRET: 'short' }),
    ).toThrow(/CACHE_PURGE_SECRET is invalid/);
  });

  it('reads EORI_VALIDATION_URL, optional', () => {
    expect(loadConfig({}).eoriValidationUrl).toBeUndefined();
    const url = 'https://ec.europa.eu/taxation_customs/dds2/eos/validation/services/validation';
    expect(loadConfig({ EORI_VALIDATION_URL: url }).eoriValidationUrl).toBe(url);
    expect(loadConfig({ EORI_VALIDATION_URL: 'http://127.0.0.1:8089/eori' }).eoriValidationUrl).toBe(
      'http://127.0.0.1:8089/eori',
    );
  });

  it('reads CUSTODY_OF as a partner id, and stops the boot on anything else', () => {
    expect(loadConfig({}).custodyOf).toBeUndefined();
    const id = '0b8f5b3e-4b0e-4a43-9d0c-6f3c2d1e7a10';
    expect(loadConfig({ CUSTODY_OF: id.toUpperCase() }).custodyOf).toBe(id);
    expect(() => loadConfig({ CUSTODY_OF: 'acme' })).toThrow(/CUSTODY_OF/);
  });

  it('reads PLUGIN_TIMEOUT_MS, ten seconds unless set', () => {
    expect(loadConfig({}).pluginTimeoutMs).toBe(10_000);
    expect(loadConfig({ PLUGIN_TIMEOUT_MS: '180000' }).pluginTimeoutMs).toBe(180_000);
  });
});
