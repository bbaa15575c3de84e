// The 47 example documents of the EPCIS 2.0 standard through the capture route: each is accepted
// and stored, and a damaged copy of each is refused whole with the path of the damage.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bearer, createWorkspace } from '../helpers/app.ts';
import { useTestApp } from '../helpers/use-test-app.ts';
import { material } from './material.ts';

type Json = Record<string, unknown>;

const EXAMPLES_DIR = material('gs1-epcis-2.0', 'JSON');
const walk = (dir: string): string[] =>
  readdirSync(dir)
    .sort()
    .flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
const examples = walk(EXAMPLES_DIR)
  .filter((file) => file.endsWith('.jsonld') || file.endsWith('.json'))
  .map((file) => ({ name: relative(EXAMPLES_DIR, file), text: readFileSync(file, 'utf8') }));

function eventList(doc: Json): { path: string; events: Json[] } {
  const body = doc.epcisBody as Json;
  if (doc.type === 'EPCISQueryDocument') {
    const results = (body.queryResults as Json).resultsBody as Json;
    return { path: '/epcisBody/queryResults/resultsBody/eventList', events: results.eventList as Json[] };
  }
  return { path: '/epcisBody/eventList', events: body.eventList as Json[] };
}

describe('EPCIS 2.0 examples through POST /api/v1/events/epcis', () => {
  // A cold embedded store and its migrations: more than the suite's hook time on a busy machine.
  const app = useTestApp({}, 120_000);

  const capture = (token: string, body: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/events/epcis',
      headers: { ...bearer(token), 'content-type': 'application/ld+json' },
      payload: body,
    });

  it('has all 47 examples', () => {
    expect(examples).toHaveLength(47);
  });

  it.each(examples)('captures $name, and refuses it damaged', async ({ text }) => {
    const workspace = await createWorkspace(app);
    const doc = JSON.parse(text) as Json;
    const { path, events } = eventList(doc);
    const response = await capture(workspace.token, text);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().count).toBe(events.length);
    expect(response.json().events.every((event: { stored: boolean }) => event.stored)).toBe(true);

    if (events.length === 0) return;
    const damaged = JSON.parse(text) as Json;
    delete eventList(damaged).events[0]?.eventTime;
    const refused = await capture((await createWorkspace(app)).token, JSON.stringify(damaged));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().problems.map((problem: { path: string }) => problem.path)).toContain(
      `${path}/0/eventTime`,
    );
  });
});
