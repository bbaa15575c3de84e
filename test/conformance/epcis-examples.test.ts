// Our EPCIS 2.0 checks against GS1's own JSON Schema (read from the conformance material, used here
// only): both must accept the 47 example documents of the standard, and both must refuse malformed
// variants of every event in them, ours with the path of the damage. The few places where we differ
// from the schema on purpose are asserted too, so that they stay deliberate.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Ajv } from 'ajv';
import formatsModule, { type FormatsPlugin } from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { validateEpcisDocument, validateEpcisEvent } from '../../src/domain/traceability/epcis-document.ts';
import { aggregationEvent, EPCIS_CONTEXT, objectEvent } from '../../src/domain/traceability/samples.ts';
import { material, materialJson } from './material.ts';

type Json = Record<string, unknown>;

const formats = formatsModule as unknown as FormatsPlugin & { default?: FormatsPlugin };
const addFormats: FormatsPlugin = formats.default ?? formats;
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const official = ajv.compile(materialJson<object>('gs1-epcis-2.0', 'EPCIS-JSON-Schema.json'));

const EXAMPLES_DIR = material('gs1-epcis-2.0', 'JSON');
const walk = (dir: string): string[] =>
  readdirSync(dir)
    .sort()
    .flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
const examples = walk(EXAMPLES_DIR)
  .filter((file) => file.endsWith('.jsonld') || file.endsWith('.json'))
  .map((file) => ({
    name: relative(EXAMPLES_DIR, file),
    doc: JSON.parse(readFileSync(file, 'utf8')) as Json,
  }));

function eventListOf(doc: Json): { path: string; events: Json[] } {
  const body = doc.epcisBody as Json;
  if (doc.type === 'EPCISQueryDocument') {
    const results = (body.queryResults as Json).resultsBody as Json;
    return { path: '/epcisBody/queryResults/resultsBody/eventList', events: results.eventList as Json[] };
  }
  return { path: '/epcisBody/eventList', events: body.eventList as Json[] };
}

const ourPaths = (doc: unknown): string[] => {
  const result = validateEpcisDocument(doc);
  return result.ok ? [] : result.problems.map((problem) => problem.path);
};

interface Damage {
  what: string;
  /** Changes the event in place; returns the damaged field (relative path) or undefined when it does not apply. */
  apply(event: Json): string | undefined;
}

const EPC_LISTS = ['epcList', 'childEPCs', 'inputEPCList', 'outputEPCList'];
const QUANTITY_LISTS = ['quantityList', 'childQuantityList', 'inputQuantityList', 'outputQuantityList'];

const remove = (what: string, field: string): Damage => ({
  what,
  apply: (event) => {
    delete event[field];
    return `/${field}`;
  },
});
const set = (what: string, field: string, value: unknown, at = `/${field}`): Damage => ({
  what,
  apply: (event) => {
    event[field] = value;
    return at;
  },
});

const DAMAGES: Damage[] = [
  remove('missing eventTime', 'eventTime'),
  remove('missing eventTimeZoneOffset', 'eventTimeZoneOffset'),
  set('eventTime without zone', 'eventTime', '2020-01-01T10:00:00'),
  set('bad eventTimeZoneOffset', 'eventTimeZoneOffset', '+25:00'),
  set('unknown event type', 'type', 'FooEvent'),
  {
    what: 'bad action',
    apply: (event) => (event.action === undefined ? undefined : set('', 'action', 'MOVE').apply(event)),
  },
  {
    what: 'EPC list of the wrong type',
    apply: (event) => {
      const field = EPC_LISTS.find((name) => Array.isArray(event[name]));
      if (field === undefined) return undefined;
      event[field] = (event[field] as unknown[]).join(',');
      return `/${field}`;
    },
  },
  {
    what: 'EPC that is not a URI',
    apply: (event) => {
      const field = EPC_LISTS.find(
        (name) => Array.isArray(event[name]) && (event[name] as unknown[]).length > 0,
      );
      if (field === undefined) return undefined;
      (event[field] as unknown[])[0] = 'not an epc';
      return `/${field}/0`;
    },
  },
  {
    what: 'quantity that is not a number',
    apply: (event) => {
      const field = QUANTITY_LISTS.find(
        (name) => Array.isArray(event[name]) && (event[name] as unknown[]).length > 0,
      );
      if (field === undefined) return undefined;
      ((event[field] as Json[])[0] as Json).quantity = 'ten';
      return `/${field}/0/quantity`;
    },
  },
  set('eventID that is not a URI', 'eventID', 'event 1'),
  set('field without a namespace', 'myField', 'x'),
  set('bizStep in the old CBV namespace', 'bizStep', 'urn:epcglobal:cbv:bizstep:shipping'),
  set('readPoint without id', 'readPoint', { name: 'dock 1' }, '/readPoint/id'),
];

describe('EPCIS 2.0 examples against the official schema', () => {
  it('finds the 47 example documents', () => {
    expect(examples).toHaveLength(47);
  });

  it('accepts exactly the examples the official schema accepts', () => {
    let both = 0;
    const disagreements: string[] = [];
    for (const { name, doc } of examples) {
      const theirs = official(doc);
      const ours = validateEpcisDocument(doc);
      if (theirs !== ours.ok) disagreements.push(`${name}: schema ${theirs}, ours ${JSON.stringify(ours)}`);
      if (theirs && ours.ok) both++;
    }
    console.log(`EPCIS examples: ${both} of ${examples.length} accepted by both validators`);
    expect(disagreements).toEqual([]);
    expect(both).toBe(47);
  });

  it('normalises every event of every example, keeping given event ids', () => {
    let events = 0;
    for (const { name, doc } of examples) {
      const result = validateEpcisDocument(doc);
      if (!result.ok) throw new Error(name);
      const raw = eventListOf(doc).events;
      expect(result.events.map((e) => e.eventType)).toEqual(raw.map((e) => e.type));
      result.events.forEach((event, index) => {
        const given = raw[index]?.eventID;
        if (typeof given === 'string') expect(event.eventId).toBe(given);
        expect(Number.isNaN(Date.parse(event.eventTime))).toBe(false);
      });
      events += result.events.length;
    }
    console.log(`EPCIS examples: ${events} events normalised`);
    expect(events).toBeGreaterThan(47);
  });

  it('accepts every event of the examples posted alone, as the schema does', () => {
    let count = 0;
    for (const { doc } of examples) {
      for (const event of eventListOf(doc).events) {
        const alone = { '@context': doc['@context'], ...event };
        expect(official(alone)).toBe(true);
        expect(validateEpcisEvent(alone).ok).toBe(true);
        expect(validateEpcisEvent(event).ok).toBe(true);
        count++;
      }
    }
    console.log(`EPCIS examples: ${count} events accepted when posted alone`);
  });

  it('refuses malformed variants of every event, with the path of the damage, as the schema does', () => {
    let variants = 0;
    const failures: string[] = [];
    for (const { name, doc } of examples) {
      const { path, events } = eventListOf(doc);
      events.forEach((_, index) => {
        for (const damage of DAMAGES) {
          const copy = structuredClone(doc);
          const event = eventListOf(copy).events[index] as Json;
          const field = damage.apply(event);
          if (field === undefined) continue;
          variants++;
          const eventPath = `${path}/${index}`;
          const paths = ourPaths(copy);
          const label = `${name} event ${index}: ${damage.what}`;
          if (official(copy)) failures.push(`${label}: the official schema accepts it`);
          if (!paths.includes(`${eventPath}${field}`))
            failures.push(`${label}: ours answered ${JSON.stringify(paths)}`);
          if (!paths.every((p) => p.startsWith(eventPath)))
            failures.push(`${label}: problems outside the event ${paths}`);
        }
      });
    }
    console.log(
      `EPCIS malformed variants: ${variants - failures.length} of ${variants} refused by both with the expected path`,
    );
    expect(failures).toEqual([]);
    expect(variants).toBeGreaterThan(400);
  });

  it('refuses malformed documents at the document level, as the schema does', () => {
    const base = examples[0]?.doc as Json;
    const cases: [string, Damage][] = [
      ['/@context', remove('missing @context', '@context')],
      ['/schemaVersion', remove('missing schemaVersion', 'schemaVersion')],
      ['/creationDate', remove('missing creationDate', 'creationDate')],
      ['/creationDate', set('bad creationDate', 'creationDate', '2020-13-01T00:00:00Z')],
      ['/epcisBody', remove('missing epcisBody', 'epcisBody')],
      ['/epcisBody/eventList', set('eventList not an array', 'epcisBody', { eventList: {} })],
      ['/note', set('field without namespace', 'note', 'x')],
    ];
    for (const [path, { what, apply }] of cases) {
      const copy = structuredClone(base);
      apply(copy);
      expect(official(copy), what).toBe(false);
      expect(ourPaths(copy), what).toContain(path);
    }
  });
});

describe('where we differ from the schema on purpose', () => {
  it('accepts an event posted alone without @context (the schema wants one)', () => {
    expect(official(objectEvent())).toBe(false);
    expect(validateEpcisEvent(objectEvent()).ok).toBe(true);
    expect(official(objectEvent({ '@context': EPCIS_CONTEXT }))).toBe(true);
  });

  it('wants parentID on an AggregationEvent that adds or deletes, as EPCIS 2.0 section 7.4.3 says', () => {
    const event = aggregationEvent({ parentID: undefined, '@context': EPCIS_CONTEXT });
    expect(official(event)).toBe(true);
    expect(validateEpcisEvent(event)).toMatchObject({ ok: false, problems: [{ path: '/parentID' }] });
  });

  it('refuses the same EPC twice in one list of any event type (the schema only forbids it in some)', () => {
    const event = aggregationEvent({ '@context': EPCIS_CONTEXT });
    event.childEPCs = ['urn:epc:id:giai:4012345.A', 'urn:epc:id:giai:4012345.A'];
    expect(official(event)).toBe(true);
    expect(validateEpcisEvent(event)).toMatchObject({ ok: false, problems: [{ path: '/childEPCs/1' }] });
  });

  it('refuses event types of its own invention, which the schema lets through as extensions', () => {
    const event = objectEvent({
      '@context': EPCIS_CONTEXT,
      type: 'https://ns.example.com/InspectionEvent',
      action: undefined,
      epcList: undefined,
    });
    expect(official(event)).toBe(true);
    expect(validateEpcisEvent(event)).toMatchObject({ ok: false, problems: [{ path: '/type' }] });
  });
});
