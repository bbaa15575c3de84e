// EPCIS 2.0 documents (EPCISDocument, EPCISQueryDocument) and single events posted alone: checked
// field by field, then normalised. Either every event of a body is good and all come back
// normalised, or the answer lists the problems with their paths; never a part of the events.
import {
  at,
  checkArray,
  checkDateTime,
  checkFieldNames,
  checkString,
  checkUri,
  collectProblems,
  describe,
  type Json,
  type Problems,
  requireObject,
} from './checks.ts';
import { checkEpcisEvent } from './epcis-event.ts';
import { checkContext } from './epcis-fields.ts';
import { normaliseEpcisEvent } from './normalise.ts';
import type { NormalisedEvent, ValidationResult } from './types.ts';

const DOCUMENT_FIELDS = new Set([
  '@context',
  'id',
  'type',
  'schemaVersion',
  'creationDate',
  'instanceIdentifier',
  'sender',
  'receiver',
  'epcisHeader',
  'epcisBody',
]);
const QUERY_DOCUMENT_FIELDS = new Set([
  '@context',
  'id',
  'type',
  'schemaVersion',
  'creationDate',
  'epcisBody',
]);
const VERSION = /^\d+(?:\.\d+)*$/;

function checkVocabularyList(value: unknown, path: string, out: Problems): void {
  if (!checkArray(value, path, out, 'vocabularyList')) return;
  value.forEach((vocabulary, index) => {
    const here = at(path, index);
    if (!requireObject(vocabulary, here, out, 'a vocabulary')) return;
    if (vocabulary.type === undefined) out.report(at(here, 'type'), 'a vocabulary needs a type');
    else checkUri(vocabulary.type, at(here, 'type'), out, 'vocabulary type');
    const elements = vocabulary.vocabularyElementList;
    if (
      elements === undefined ||
      !checkArray(elements, at(here, 'vocabularyElementList'), out, 'vocabularyElementList')
    )
      return;
    elements.forEach((element, i) => {
      const path = at(at(here, 'vocabularyElementList'), i);
      if (!requireObject(element, path, out, 'a vocabulary element')) return;
      if (element.id === undefined) out.report(at(path, 'id'), 'a vocabulary element needs an id');
      else checkUri(element.id, at(path, 'id'), out, 'id');
      if (
        element.attributes !== undefined &&
        checkArray(element.attributes, at(path, 'attributes'), out, 'attributes')
      ) {
        element.attributes.forEach((attribute, j) => {
          const where = at(at(path, 'attributes'), j);
          if (!requireObject(attribute, where, out, 'an attribute')) return;
          if (attribute.id === undefined) out.report(at(where, 'id'), 'an attribute needs an id');
          else checkUri(attribute.id, at(where, 'id'), out, 'id');
          const v = attribute.attribute;
          if (
            v !== undefined &&
            typeof v !== 'string' &&
            typeof v !== 'number' &&
            (typeof v !== 'object' || v === null || Array.isArray(v))
          ) {
            out.report(
              at(where, 'attribute'),
              `attribute must be a string, a number or an object, not ${describe(v)}`,
            );
          }
        });
      }
      if (
        element.children !== undefined &&
        checkArray(element.children, at(path, 'children'), out, 'children')
      ) {
        element.children.forEach((child, j) => {
          checkUri(child, at(at(path, 'children'), j), out, 'each child');
        });
      }
    });
  });
}

function checkHeader(value: unknown, path: string, out: Problems): void {
  if (!requireObject(value, path, out, 'epcisHeader')) return;
  checkFieldNames(value, path, new Set(['epcisMasterData']), out, 'epcisHeader');
  const masterData = value.epcisMasterData;
  if (
    masterData === undefined ||
    !requireObject(masterData, at(path, 'epcisMasterData'), out, 'epcisMasterData')
  )
    return;
  if (masterData.vocabularyList !== undefined) {
    checkVocabularyList(masterData.vocabularyList, at(at(path, 'epcisMasterData'), 'vocabularyList'), out);
  }
}

/** The fields around the body: context, id, version, creation date, header. */
function checkCommon(doc: Json, out: Problems, queryDocument: boolean): void {
  checkFieldNames(doc, '', queryDocument ? QUERY_DOCUMENT_FIELDS : DOCUMENT_FIELDS, out, doc.type as string);
  const required = queryDocument
    ? ['@context', 'epcisBody']
    : ['@context', 'schemaVersion', 'creationDate', 'epcisBody'];
  for (const field of required)
    if (doc[field] === undefined) out.report(at('', field), `${field} is required`);
  if (doc['@context'] !== undefined) checkContext(doc['@context'], '/@context', out);
  if (doc.id !== undefined) checkUri(doc.id, '/id', out, 'id');
  if (
    doc.schemaVersion !== undefined &&
    checkString(doc.schemaVersion, '/schemaVersion', out, 'schemaVersion')
  ) {
    if (!VERSION.test(doc.schemaVersion))
      out.report('/schemaVersion', 'schemaVersion must be a version such as 2.0');
  }
  if (doc.creationDate !== undefined) checkDateTime(doc.creationDate, '/creationDate', out, 'creationDate');
  if (queryDocument) return;
  for (const field of ['instanceIdentifier', 'sender', 'receiver']) {
    if (doc[field] !== undefined) checkString(doc[field], at('', field), out, field);
  }
  if (doc.epcisHeader !== undefined) checkHeader(doc.epcisHeader, '/epcisHeader', out);
}

/** Where the events of a document are, checking the body structure on the way. */
function eventListOf(doc: Json, out: Problems): { list: unknown[]; path: string } | undefined {
  const body = doc.epcisBody;
  if (body === undefined || !requireObject(body, '/epcisBody', out, 'epcisBody')) return undefined;
  let holder: Json = body;
  let path = '/epcisBody';
  if (doc.type === 'EPCISQueryDocument') {
    checkFieldNames(body, path, new Set(['queryResults']), out, 'epcisBody');
    const results = body.queryResults;
    path = '/epcisBody/queryResults';
    if (results === undefined) {
      out.report(path, 'queryResults is required');
      return undefined;
    }
    if (!requireObject(results, path, out, 'queryResults')) return undefined;
    checkFieldNames(
      results,
      path,
      new Set(['queryName', 'subscriptionID', 'resultsBody']),
      out,
      'queryResults',
    );
    if (results.queryName === undefined) out.report(at(path, 'queryName'), 'queryName is required');
    else checkString(results.queryName, at(path, 'queryName'), out, 'queryName');
    if (results.subscriptionID !== undefined)
      checkString(results.subscriptionID, at(path, 'subscriptionID'), out, 'subscriptionID');
    path = at(path, 'resultsBody');
    if (results.resultsBody === undefined) {
      out.report(path, 'resultsBody is required');
      return undefined;
    }
    if (!requireObject(results.resultsBody, path, out, 'resultsBody')) return undefined;
    holder = results.resultsBody;
    checkFieldNames(holder, path, new Set(['eventList', 'vocabularyList']), out, 'resultsBody');
    if (holder.vocabularyList !== undefined)
      checkVocabularyList(holder.vocabularyList, at(path, 'vocabularyList'), out);
  }
  path = at(path, 'eventList');
  if (holder.eventList === undefined) {
    out.report(path, 'eventList is required');
    return undefined;
  }
  if (!checkArray(holder.eventList, path, out, 'eventList')) return undefined;
  return { list: holder.eventList, path };
}

/** Two events of one body may not share an id, unless one of them declares the other erroneous. */
function checkDistinctIds(events: NormalisedEvent[], paths: string[], out: Problems): void {
  const seen = new Map<string, number>();
  events.forEach((event, index) => {
    if (event.errorDeclaration !== undefined) return;
    const first = seen.get(event.eventId);
    if (first === undefined) {
      seen.set(event.eventId, index);
      return;
    }
    const where =
      event.eventIdSource === 'given' ? at(paths[index] as string, 'eventID') : (paths[index] as string);
    out.report(where, `event id ${event.eventId} is already used by ${paths[first]}`);
  });
}

/** An EPCISDocument or EPCISQueryDocument, every event of it checked and normalised. */
export function validateEpcisDocument(json: unknown): ValidationResult {
  const out = collectProblems();
  if (!requireObject(json, '', out, 'an EPCIS document')) return { ok: false, problems: out.list };
  const type = json.type;
  if (type !== 'EPCISDocument' && type !== 'EPCISQueryDocument') {
    out.report('/type', 'type must be EPCISDocument or EPCISQueryDocument');
    return { ok: false, problems: out.list };
  }
  checkCommon(json, out, type === 'EPCISQueryDocument');
  const found = eventListOf(json, out);
  const paths = found?.list.map((_, index) => at(found.path, index)) ?? [];
  found?.list.forEach((event, index) => {
    checkEpcisEvent(event, paths[index] as string, out);
  });
  if (found === undefined || out.list.length > 0) return { ok: false, problems: out.list };
  const context = json['@context'];
  const events = (found.list as Json[]).map((event) =>
    normaliseEpcisEvent(event, event['@context'] === undefined ? { '@context': context, ...event } : event),
  );
  checkDistinctIds(events, paths, out);
  return out.list.length > 0 ? { ok: false, problems: out.list } : { ok: true, events };
}

/** One EPCIS event posted on its own, as JSON or JSON-LD (its @context is optional). */
export function validateEpcisEvent(json: unknown): ValidationResult {
  const out = collectProblems();
  const type = checkEpcisEvent(json, '', out);
  if (type === undefined || out.list.length > 0) return { ok: false, problems: out.list };
  const event = json as Json;
  return { ok: true, events: [normaliseEpcisEvent(event, event)] };
}
