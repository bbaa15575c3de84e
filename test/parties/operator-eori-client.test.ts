// The production EORI client against a local SOAP stand-in of the EU service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { soapEoriRegistry } from '../../src/modules/operators/eori-client.ts';
import { type StandIn, startEoriStandIn } from './eori-stand-in.ts';

/** How long the stand-in takes to answer a 'slow' number: far beyond any timeout the client uses. */
const SLOW_ANSWER_MS = 60_000;

describe('EORI registry client (SOAP)', () => {
  let standIn: StandIn;
  const errors: unknown[] = [];
  beforeAll(async () => {
    standIn = await startEoriStandIn(
      {
        DE123456789012345: 'valid',
        FR11111111111: 'invalid',
        IT22222222222: 'fault',
        ES33333333333: 'http-error',
        PL44444444444: 'slow',
        NL55555555555: 'garbage',
      },
      SLOW_ANSWER_MS,
    );
  });
  afterAll(() => standIn.close());

  // A generous timeout where the registry answers, so a loaded machine cannot turn an answer into
  // 'unavailable'; the timeout test uses a short one against an answer far slower than both.
  const client = (timeoutMs = 10_000) =>
    soapEoriRegistry({ url: standIn.url, timeoutMs, onError: (e) => errors.push(e) });

  it('confirms a registered number, sending one SOAP 1.1 validateEORI request', async () => {
    const before = standIn.requests.length;
    expect(await client().check('DE123456789012345')).toBe('valid');
    expect(standIn.requests.slice(before)).toEqual([
      { eoris: ['DE123456789012345'], soapAction: '""', contentType: 'text/xml; charset=utf-8' },
    ]);
  });

  it('reports a number the registry does not know as invalid', async () => {
    expect(await client().check('FR11111111111')).toBe('invalid');
    expect(await client().check('AT99999')).toBe('invalid');
  });

  it('treats a SOAP fault, an HTTP error and an unreadable answer as unavailable', async () => {
    errors.length = 0;
    expect(await client().check('IT22222222222')).toBe('unavailable');
    expect(await client().check('ES33333333333')).toBe('unavailable');
    expect(await client().check('NL55555555555')).toBe('unavailable');
    expect(errors.length).toBeGreaterThanOrEqual(2);
  });

  it('gives up after its timeout', async () => {
    const started = Date.now();
    expect(await client(300).check('PL44444444444')).toBe('unavailable');
    expect(Date.now() - started).toBeLessThan(SLOW_ANSWER_MS / 2);
  });

  it('treats a registry that refuses connections as unavailable', async () => {
    const closed = await startEoriStandIn({});
    const url = closed.url;
    await closed.close();
    expect(await soapEoriRegistry({ url }).check('DE123456789012345')).toBe('unavailable');
  });
});
