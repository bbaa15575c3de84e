// Checks one EPCIS 2.0 event in its JSON/JSON-LD form (EPCIS 2.0 sections 7.4 and 9): the fields each
// of the five event types may carry, the fields it must carry, and the rules that tie them together
// (what an event must name, when ILMD is allowed, which action a type takes).
import {
  at,
  checkDateTime,
  checkFieldNames,
  checkString,
  checkUri,
  checkUriList,
  describe,
  type Json,
  type Problems,
} from './checks.ts';
import {
  checkBizTransactionList,
  checkCertificationInfo,
  checkContext,
  checkErrorDeclaration,
  checkIlmd,
  checkLocation,
  checkPersistentDisposition,
  checkQuantityList,
  checkSensorElementList,
  checkSourceOrDestinationList,
  checkVocabulary,
} from './epcis-fields.ts';
import { ACTIONS, EVENT_TYPES, type EventType, isEventType } from './types.ts';
import { BIZ_STEPS, DISPOSITIONS } from './vocabulary.ts';

const COMMON = [
  '@context',
  'type',
  'eventTime',
  'recordTime',
  'eventTimeZoneOffset',
  'eventID',
  'certificationInfo',
  'errorDeclaration',
];
const WHAT_WHERE_WHY = [
  'bizStep',
  'disposition',
  'readPoint',
  'bizLocation',
  'bizTransactionList',
  'sourceList',
  'destinationList',
  'sensorElementList',
];
const PARENT_CHILD = ['action', 'parentID', 'childEPCs', 'childQuantityList'];

const FIELDS: Record<EventType, ReadonlySet<string>> = {
  ObjectEvent: new Set([
    ...COMMON,
    ...WHAT_WHERE_WHY,
    'action',
    'epcList',
    'quantityList',
    'persistentDisposition',
    'ilmd',
  ]),
  AggregationEvent: new Set([...COMMON, ...WHAT_WHERE_WHY, ...PARENT_CHILD]),
  AssociationEvent: new Set([...COMMON, ...WHAT_WHERE_WHY, ...PARENT_CHILD]),
  TransactionEvent: new Set([...COMMON, ...WHAT_WHERE_WHY, 'action', 'parentID', 'epcList', 'quantityList']),
  TransformationEvent: new Set([
    ...COMMON,
    ...WHAT_WHERE_WHY,
    'inputEPCList',
    'inputQuantityList',
    'outputEPCList',
    'outputQuantityList',
    'transformationID',
    'persistentDisposition',
    'ilmd',
  ]),
};

const TIME_ZONE_OFFSET = /^[+-](?:(?:0\d|1[0-3]):[0-5]\d|14:00)$/;

type FieldCheck = (value: unknown, path: string, out: Problems, type: EventType) => void;

const uri =
  (what: string): FieldCheck =>
  (value, path, out) => {
    checkUri(value, path, out, what);
  };
const epcs =
  (what: string): FieldCheck =>
  (value, path, out) => {
    checkUriList(value, path, out, what, { unique: true });
  };
const quantities =
  (what: string): FieldCheck =>
  (value, path, out) => {
    checkQuantityList(value, path, out, what);
  };

const CHECKS: Record<string, FieldCheck> = {
  '@context': (value, path, out) => checkContext(value, path, out),
  eventTime: (value, path, out) => {
    checkDateTime(value, path, out, 'eventTime');
  },
  recordTime: (value, path, out) => {
    checkDateTime(value, path, out, 'recordTime');
  },
  eventTimeZoneOffset: (value, path, out) => {
    if (checkString(value, path, out, 'eventTimeZoneOffset') && !TIME_ZONE_OFFSET.test(value)) {
      out.report(path, 'eventTimeZoneOffset must be +hh:mm or -hh:mm between -14:00 and +14:00');
    }
  },
  eventID: uri('eventID'),
  certificationInfo: (value, path, out) => checkCertificationInfo(value, path, out),
  errorDeclaration: (value, path, out) => checkErrorDeclaration(value, path, out),
  action: (value, path, out) => {
    if (typeof value !== 'string' || !(ACTIONS as readonly string[]).includes(value)) {
      out.report(path, `action must be one of ${ACTIONS.join(', ')}`);
    }
  },
  bizStep: (value, path, out) => checkVocabulary(value, path, out, 'bizStep', BIZ_STEPS),
  disposition: (value, path, out) => checkVocabulary(value, path, out, 'disposition', DISPOSITIONS),
  persistentDisposition: (value, path, out) => checkPersistentDisposition(value, path, out, DISPOSITIONS),
  readPoint: (value, path, out) => checkLocation(value, path, out, 'readPoint'),
  bizLocation: (value, path, out) => checkLocation(value, path, out, 'bizLocation'),
  bizTransactionList: (value, path, out, type) =>
    checkBizTransactionList(value, path, out, type === 'TransactionEvent' ? 1 : 0),
  sourceList: (value, path, out) => checkSourceOrDestinationList(value, path, out, 'source'),
  destinationList: (value, path, out) => checkSourceOrDestinationList(value, path, out, 'destination'),
  sensorElementList: (value, path, out) => checkSensorElementList(value, path, out),
  ilmd: (value, path, out) => checkIlmd(value, path, out),
  epcList: epcs('epcList'),
  quantityList: quantities('quantityList'),
  parentID: uri('parentID'),
  childEPCs: epcs('childEPCs'),
  childQuantityList: quantities('childQuantityList'),
  inputEPCList: epcs('inputEPCList'),
  inputQuantityList: quantities('inputQuantityList'),
  outputEPCList: epcs('outputEPCList'),
  outputQuantityList: quantities('outputQuantityList'),
  transformationID: uri('transformationID'),
};

const filled = (value: unknown): boolean => Array.isArray(value) && value.length > 0;

function requireFields(event: Json, path: string, out: Problems, fields: string[]): void {
  for (const field of fields) {
    if (event[field] === undefined) out.report(at(path, field), `${field} is required`);
  }
}

/** The rules across fields, per type (EPCIS 2.0 section 7.4). */
function checkShape(event: Json, path: string, out: Problems, type: EventType): void {
  const action = event.action;
  switch (type) {
    case 'ObjectEvent':
      requireFields(event, path, out, ['action']);
      if (
        event.epcList === undefined &&
        !filled(event.quantityList) &&
        !(filled(event.sensorElementList) && event.readPoint !== undefined)
      ) {
        out.report(
          path,
          'an ObjectEvent needs epcList, a non-empty quantityList, or sensor data with a readPoint',
        );
      }
      if (event.ilmd !== undefined && action !== 'ADD') {
        out.report(at(path, 'ilmd'), 'ilmd is only allowed when action is ADD');
      }
      return;
    case 'AggregationEvent':
    case 'AssociationEvent': {
      const parentNeeded = type === 'AssociationEvent' || action === 'ADD' || action === 'DELETE';
      requireFields(event, path, out, parentNeeded ? ['action', 'parentID'] : ['action']);
      if (!filled(event.childEPCs) && !filled(event.childQuantityList) && action !== 'DELETE') {
        out.report(path, `an ${type} needs childEPCs or childQuantityList unless action is DELETE`);
      }
      return;
    }
    case 'TransactionEvent':
      requireFields(event, path, out, ['action', 'bizTransactionList']);
      if (event.epcList === undefined && !filled(event.quantityList) && action !== 'DELETE') {
        out.report(path, 'a TransactionEvent needs epcList or quantityList unless action is DELETE');
      }
      return;
    case 'TransformationEvent': {
      const input = filled(event.inputEPCList) || filled(event.inputQuantityList);
      const output = filled(event.outputEPCList) || filled(event.outputQuantityList);
      const linked = event.transformationID !== undefined && (input || output);
      if (!(input && output) && !linked) {
        out.report(path, 'a TransformationEvent needs inputs and outputs, or a transformationID with either');
      }
      return;
    }
  }
}

/** Checks one event at `path`; returns its type when the event could be read as one of the five. */
export function checkEpcisEvent(event: unknown, path: string, out: Problems): EventType | undefined {
  if (typeof event !== 'object' || event === null || Array.isArray(event)) {
    out.report(path, `an event must be an object, not ${describe(event)}`);
    return undefined;
  }
  const record = event as Json;
  const type = record.type;
  if (!isEventType(type)) {
    const documentType = type === 'EPCISDocument' || type === 'EPCISQueryDocument';
    out.report(
      at(path, 'type'),
      type === undefined
        ? 'type is required'
        : `type must be one of ${EVENT_TYPES.join(', ')}${documentType ? ` (this is an ${type}, not an event)` : ''}`,
    );
    return undefined;
  }
  const known = FIELDS[type];
  checkFieldNames(record, path, known, out, `${/^[AEIOU]/.test(type) ? 'an' : 'a'} ${type}`);
  requireFields(record, path, out, ['eventTime', 'eventTimeZoneOffset']);
  for (const [field, value] of Object.entries(record)) {
    const check = CHECKS[field];
    if (check !== undefined && known.has(field)) check(value, at(path, field), out, type);
  }
  checkShape(record, path, out, type);
  return type;
}
