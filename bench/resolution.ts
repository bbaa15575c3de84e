// Warm public resolution of a battery passport (JSON-LD, public tier, the render cache answering)
// through the full app, beside the bare route, measured in alternation with it; the same read
// through the reference nginx cache (deploy/nginx/) beside nginx serving the very bytes as a static
// file (what a provider without a node publishes); and the revalidation (If-None-Match, 304) beside
// a bare route answering 304. The uncached read is measured in reads.ts.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { startNginx } from '../test/helpers/nginx.ts';
import { benchApp, benchPassport } from './lib/app.ts';
import { bareServer } from './lib/baselines.ts';
import { alternatingRates, listen } from './lib/measure.ts';

/** A Fastify route answering 304 to everything: the least a revalidation can cost. */
async function bareNotModified(etag: string) {
  const app = Fastify();
  app.get('/bare', async (_request, reply) => reply.code(304).header('etag', etag).send());
  const url = await listen(app);
  return { url: `${url}/bare`, close: () => app.close() };
}

/**
 * The warm read and the two bare routes (a tiny answer, and the warm answer's own bytes), the read
 * through nginx's cache and nginx's static file, the 304 and the bare 304, each the median of three
 * rounds taken in turn: a warm figure runs at several times a store read, so drift of the machine
 * over a run would otherwise decide its ratio.
 */
export async function resolutionFigures(databaseUrl: string | undefined) {
  const bench = await benchApp(databaseUrl);
  const tiny = await bareServer('tiny');
  const id = await benchPassport(bench);
  const url = await listen(bench.app);
  const accept = { accept: 'application/ld+json' };
  // The bare route sends the very bytes (and type) of the warm answer.
  const answer = await fetch(`${url}/passport/${id}`, { headers: accept });
  const bytes = Buffer.from(await answer.arrayBuffer());
  const etag = answer.headers.get('etag') ?? '';
  const battery = await bareServer({
    bytes,
    type: answer.headers.get('content-type') ?? 'application/ld+json',
  });
  const notModified = await bareNotModified(etag);
  const root = await mkdtemp(join(tmpdir(), 'opendpp-static-'));
  await writeFile(join(root, 'passport.jsonld'), bytes);
  const nginx = await startNginx({ upstreams: [new URL(url).host], staticRoot: root });
  try {
    return await alternatingRates({
      bare: { url: tiny.url },
      warm: { url: `${url}/passport/${id}`, headers: accept },
      bareBattery: { url: battery.url },
      cached: { url: `${nginx.url}/passport/${id}`, headers: accept },
      staticFile: { url: `${nginx.staticUrl}/passport.jsonld` },
      revalidated: {
        url: `${url}/passport/${id}`,
        headers: { ...accept, 'if-none-match': etag },
        notModified: true,
      },
      bare304: { url: notModified.url, notModified: true },
    });
  } finally {
    await nginx.stop();
    await rm(root, { recursive: true, force: true });
    await Promise.all([bench.close(), tiny.close(), battery.close(), notModified.close()]);
  }
}
