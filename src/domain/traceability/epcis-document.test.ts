import { describe, expect, it } from 'vitest';
import { MAX_PROBLEMS } from './checks.ts';
import { validateEpcisDocument, validateEpcisEvent } from './epcis-document.ts';
import { EPCIS_CONTEXT, epcisDocument, objectEvent, sgtin, transformationEvent } from './samples.ts';

const paths = (result: ReturnType<typeof validateEpcisDocument>) =>
  result.ok ? [] : result.problems.map((p) => p.path);

describe('EPCIS documents', () => {
  it('answers every event of a good document, normalised, with the document @context in raw', () => {
    const doc = epcisDocument([
      objectEvent(),
      transformationEvent({ eventID: 'urn:uuid:7d1d5b36-5d43-4b0e-9d6a-111111111111' }),
    ]);
    const result = validateEpcisDocument(doc);
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.events).toHaveLength(2);
    const [first, second] = result.events;
    expect(first).toMatchObject({
      eventType: 'ObjectEvent',
      eventIdSource: 'derived',
      source: 'epcis',
      eventTime: '2024-03-01T09:00:00.000Z',
      eventTimeZoneOffset: '+01:00',
      action: 'ADD',
      bizStep: 'commissioning',
      readPoint: 'urn:epc:id:sgln:4012345.00001.0',
      inputs: [],
      outputs: [{ uri: sgtin('011111', 1001), kind: 'instance' }],
    });
    expect(first?.raw['@context']).toEqual(doc['@context']);
    expect(second).toMatchObject({
      eventId: 'urn:uuid:7d1d5b36-5d43-4b0e-9d6a-111111111111',
      eventIdSource: 'given',
    });
  });

  it('names the missing parts of a document', () => {
    expect(paths(validateEpcisDocument({ type: 'EPCISDocument' }))).toEqual([
      '/@context',
      '/schemaVersion',
      '/creationDate',
      '/epcisBody',
    ]);
    expect(paths(validateEpcisDocument(epcisDocument([], { epcisBody: {} })))).toEqual([
      '/epcisBody/eventList',
    ]);
    expect(paths(validateEpcisDocument(epcisDocument([], { epcisBody: { eventList: {} } })))).toEqual([
      '/epcisBody/eventList',
    ]);
    expect(paths(validateEpcisDocument(epcisDocument([], { schemaVersion: 2 })))).toEqual(['/schemaVersion']);
    expect(paths(validateEpcisDocument(epcisDocument([], { creationDate: 'today' })))).toEqual([
      '/creationDate',
    ]);
    expect(paths(validateEpcisDocument(epcisDocument([], { comment: 'x' })))).toEqual(['/comment']);
    expect(paths(validateEpcisDocument(objectEvent()))).toEqual(['/type']);
    expect(paths(validateEpcisDocument('{}'))).toEqual(['']);
  });

  it('accepts an empty event list', () => {
    expect(validateEpcisDocument(epcisDocument([]))).toEqual({ ok: true, events: [] });
  });

  it('reports the problems of the document and of its events together', () => {
    const doc = epcisDocument([objectEvent(), objectEvent({ action: 'MOVE' })], { creationDate: 'today' });
    expect(paths(validateEpcisDocument(doc))).toEqual(['/creationDate', '/epcisBody/eventList/1/action']);
  });

  it('stops listing problems at the cap', () => {
    const events = Array.from({ length: MAX_PROBLEMS + 20 }, () => objectEvent({ action: 'MOVE' }));
    expect(paths(validateEpcisDocument(epcisDocument(events)))).toHaveLength(MAX_PROBLEMS);
  });

  it('reads the events of a query document from its results body', () => {
    const doc = {
      '@context': EPCIS_CONTEXT,
      type: 'EPCISQueryDocument',
      epcisBody: {
        queryResults: { queryName: 'SimpleEventQuery', resultsBody: { eventList: [objectEvent()] } },
      },
    };
    const result = validateEpcisDocument(doc);
    expect(result.ok && result.events.map((e) => e.eventType)).toEqual(['ObjectEvent']);
    const broken = {
      ...doc,
      epcisBody: { queryResults: { resultsBody: { eventList: [objectEvent({ epcList: 1 })] } } },
    };
    expect(paths(validateEpcisDocument(broken))).toEqual([
      '/epcisBody/queryResults/queryName',
      '/epcisBody/queryResults/resultsBody/eventList/0/epcList',
    ]);
  });

  it('checks the master data of a header', () => {
    const header = (vocabularyList: unknown) =>
      epcisDocument([], { epcisHeader: { epcisMasterData: { vocabularyList } } });
    const good = [
      { type: 'urn:epcglobal:epcis:vtype:BusinessLocation', vocabularyElementList: [{ id: 'urn:x:1' }] },
    ];
    expect(paths(validateEpcisDocument(header(good)))).toEqual([]);
    expect(
      paths(
        validateEpcisDocument(
          header([{ vocabularyElementList: [{ attributes: [{ id: 'urn:x:a', attribute: [] }] }] }]),
        ),
      ),
    ).toEqual([
      '/epcisHeader/epcisMasterData/vocabularyList/0/type',
      '/epcisHeader/epcisMasterData/vocabularyList/0/vocabularyElementList/0/id',
      '/epcisHeader/epcisMasterData/vocabularyList/0/vocabularyElementList/0/attributes/0/attribute',
    ]);
  });

  it('refuses two events with one id, unless one declares the other erroneous', () => {
    const id = 'urn:uuid:7d1d5b36-5d43-4b0e-9d6a-222222222222';
    expect(
      paths(
        validateEpcisDocument(epcisDocument([objectEvent({ eventID: id }), objectEvent({ eventID: id })])),
      ),
    ).toEqual(['/epcisBody/eventList/1/eventID']);
    expect(paths(validateEpcisDocument(epcisDocument([objectEvent(), objectEvent()])))).toEqual([
      '/epcisBody/eventList/1',
    ]);
    const declaration = objectEvent({
      eventID: id,
      errorDeclaration: { declarationTime: '2024-03-02T10:00:00Z', reason: 'incorrect_data' },
    });
    const result = validateEpcisDocument(epcisDocument([objectEvent({ eventID: id }), declaration]));
    expect(result.ok && result.events[1]?.errorDeclaration).toEqual({
      declarationTime: '2024-03-02T10:00:00.000Z',
      reason: 'incorrect_data',
      correctiveEventIds: [],
    });
  });
});

describe('an EPCIS event posted alone', () => {
  it('is accepted with or without @context, and gets the same derived id either way', () => {
    const bare = validateEpcisEvent(objectEvent());
    const withContext = validateEpcisEvent(objectEvent({ '@context': [EPCIS_CONTEXT] }));
    if (!bare.ok || !withContext.ok) throw new Error('refused');
    expect(bare.events[0]?.eventId).toBe(withContext.events[0]?.eventId);
    expect(bare.events[0]?.raw).toEqual(objectEvent());
  });

  it('answers problems with paths from the event root', () => {
    expect(validateEpcisEvent(objectEvent({ eventTime: undefined, epcList: 'x' }))).toEqual({
      ok: false,
      problems: [
        { path: '/eventTime', message: 'eventTime is required' },
        { path: '/epcList', message: 'epcList must be an array, not a string' },
      ],
    });
  });
});
