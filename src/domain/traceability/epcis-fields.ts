// Checks for the structures EPCIS 2.0 events share (EPCIS 2.0 section 7, CBV 2.0): quantity
// elements, business transactions, sources and destinations, locations, sensor data, error
// declarations, persistent dispositions, certification info, ILMD and the JSON-LD @context.
import canonicalize from 'canonicalize';
import {
  at,
  checkArray,
  checkDateTime,
  checkFieldNames,
  checkNumber,
  checkString,
  checkUri,
  checkUriList,
  describe,
  type Problems,
  requireObject,
} from './checks.ts';
import {
  BIZ_TRANSACTION_TYPES,
  COMPONENTS,
  cbvTerm,
  ERROR_REASONS,
  MEASUREMENT_TYPES,
  SENSOR_ALERT_TYPES,
  SOURCE_DESTINATION_TYPES,
  webVocabularyTerm,
} from './vocabulary.ts';

const UOM = /^[A-Z0-9]{2,3}$/;

export function checkVocabulary(
  value: unknown,
  path: string,
  out: Problems,
  what: string,
  terms: ReadonlySet<string>,
  kind: 'cbv' | 'web' = 'cbv',
): void {
  if (!checkString(value, path, out, what)) return;
  const verdict = kind === 'cbv' ? cbvTerm(value, terms) : webVocabularyTerm(value, terms);
  if (verdict === 'ok') return;
  if (verdict === 'old-cbv-uri') {
    out.report(
      path,
      `${what} ${value} is in the CBV namespace; EPCIS 2.0 JSON writes CBV terms by bare name`,
    );
  } else if (verdict === 'web-vocabulary-uri') {
    out.report(path, `${what} ${value} is a GS1 Web Vocabulary URI; write the term by its bare name`);
  } else {
    out.report(path, `${what} must be a standard term (e.g. ${[...terms].slice(0, 3).join(', ')}) or a URI`);
  }
}

const QUANTITY_FIELDS = new Set(['epcClass', 'quantity', 'uom']);

export function checkQuantityElement(value: unknown, path: string, out: Problems): void {
  if (!requireObject(value, path, out, 'a quantity element')) return;
  for (const key of Object.keys(value)) {
    if (!QUANTITY_FIELDS.has(key)) out.report(at(path, key), `${key} is not a field of a quantity element`);
  }
  if (value.epcClass === undefined) out.report(at(path, 'epcClass'), 'epcClass is required');
  else checkUri(value.epcClass, at(path, 'epcClass'), out, 'epcClass');
  if (value.quantity !== undefined) checkNumber(value.quantity, at(path, 'quantity'), out, 'quantity');
  if (
    value.uom !== undefined &&
    checkString(value.uom, at(path, 'uom'), out, 'uom') &&
    !UOM.test(value.uom)
  ) {
    out.report(at(path, 'uom'), 'uom must be a UN/ECE Recommendation 20 code of 2 or 3 letters or digits');
  }
}

export function checkQuantityList(value: unknown, path: string, out: Problems, what: string): void {
  if (!checkArray(value, path, out, what)) return;
  value.forEach((item, index) => {
    checkQuantityElement(item, at(path, index), out);
  });
}

/** readPoint and bizLocation: an object whose `id` is a URI; further fields are allowed. */
export function checkLocation(value: unknown, path: string, out: Problems, what: string): void {
  if (!requireObject(value, path, out, what)) return;
  if (value.id === undefined) out.report(at(path, 'id'), `${what} needs an id`);
  else checkUri(value.id, at(path, 'id'), out, `${what} id`);
}

const BIZ_TRANSACTION_FIELDS = new Set(['type', 'bizTransaction']);

export function checkBizTransactionList(value: unknown, path: string, out: Problems, minItems = 0): void {
  if (!checkArray(value, path, out, 'bizTransactionList', minItems)) return;
  value.forEach((item, index) => {
    const here = at(path, index);
    if (!requireObject(item, here, out, 'a business transaction')) return;
    for (const key of Object.keys(item)) {
      if (!BIZ_TRANSACTION_FIELDS.has(key))
        out.report(at(here, key), `${key} is not a field of a business transaction`);
    }
    if (item.bizTransaction === undefined)
      out.report(at(here, 'bizTransaction'), 'bizTransaction is required');
    else checkUri(item.bizTransaction, at(here, 'bizTransaction'), out, 'bizTransaction');
    if (item.type !== undefined) {
      checkVocabulary(item.type, at(here, 'type'), out, 'business transaction type', BIZ_TRANSACTION_TYPES);
    }
  });
}

/** sourceList (`field` = source) and destinationList (`field` = destination). */
export function checkSourceOrDestinationList(
  value: unknown,
  path: string,
  out: Problems,
  field: 'source' | 'destination',
): void {
  if (!checkArray(value, path, out, `${field}List`)) return;
  const known = new Set(['type', field]);
  value.forEach((item, index) => {
    const here = at(path, index);
    if (!requireObject(item, here, out, `a ${field}`)) return;
    for (const key of Object.keys(item)) {
      if (!known.has(key)) out.report(at(here, key), `${key} is not a field of a ${field}`);
    }
    if (item.type === undefined) out.report(at(here, 'type'), `a ${field} needs a type`);
    else checkVocabulary(item.type, at(here, 'type'), out, `${field} type`, SOURCE_DESTINATION_TYPES);
    if (item[field] === undefined) out.report(at(here, field), `${field} is required`);
    else checkUri(item[field], at(here, field), out, field);
  });
}

const URI_FIELDS = ['deviceID', 'deviceMetadata', 'rawData', 'dataProcessingMethod', 'bizRules'];
const METADATA_FIELDS = new Set(['time', 'startTime', 'endTime', ...URI_FIELDS]);
const REPORT_URI_FIELDS = [...URI_FIELDS, 'microorganism', 'chemicalSubstance', 'coordinateReferenceSystem'];
const REPORT_NUMBER_FIELDS = ['value', 'minValue', 'maxValue', 'meanValue', 'sDev', 'percRank', 'percValue'];
const REPORT_FIELDS = new Set([
  'type',
  'exception',
  'time',
  'component',
  'stringValue',
  'booleanValue',
  'hexBinaryValue',
  'uriValue',
  'uom',
  ...REPORT_URI_FIELDS,
  ...REPORT_NUMBER_FIELDS,
]);
const ELEMENT_FIELDS = new Set(['sensorMetadata', 'sensorReport']);

function checkSensorMetadata(value: unknown, path: string, out: Problems): void {
  if (!requireObject(value, path, out, 'sensorMetadata')) return;
  checkFieldNames(value, path, METADATA_FIELDS, out);
  for (const field of ['time', 'startTime', 'endTime']) {
    if (value[field] !== undefined) checkDateTime(value[field], at(path, field), out, field);
  }
  for (const field of URI_FIELDS) {
    if (value[field] !== undefined) checkUri(value[field], at(path, field), out, field);
  }
}

function checkSensorReport(value: unknown, path: string, out: Problems): void {
  if (!requireObject(value, path, out, 'a sensor report')) return;
  checkFieldNames(value, path, REPORT_FIELDS, out);
  if (value.type === undefined)
    out.report(at(path, 'type'), 'a sensor report needs a type (what it measures)');
  else checkVocabulary(value.type, at(path, 'type'), out, 'measurement type', MEASUREMENT_TYPES, 'web');
  if (value.exception !== undefined) {
    checkVocabulary(value.exception, at(path, 'exception'), out, 'exception', SENSOR_ALERT_TYPES, 'web');
  }
  if (value.time !== undefined) checkDateTime(value.time, at(path, 'time'), out, 'time');
  for (const field of [...REPORT_URI_FIELDS, 'uriValue']) {
    if (value[field] !== undefined) checkUri(value[field], at(path, field), out, field);
  }
  for (const field of REPORT_NUMBER_FIELDS) {
    if (value[field] !== undefined) checkNumber(value[field], at(path, field), out, field);
  }
  if (value.component !== undefined)
    checkVocabulary(value.component, at(path, 'component'), out, 'component', COMPONENTS);
  for (const field of ['stringValue', 'uom']) {
    if (value[field] !== undefined) checkString(value[field], at(path, field), out, field);
  }
  if (value.booleanValue !== undefined && typeof value.booleanValue !== 'boolean') {
    out.report(
      at(path, 'booleanValue'),
      `booleanValue must be true or false, not ${describe(value.booleanValue)}`,
    );
  }
  const hex = value.hexBinaryValue;
  if (hex !== undefined && (typeof hex !== 'string' || !/^[A-Fa-f0-9]+$/.test(hex))) {
    out.report(at(path, 'hexBinaryValue'), 'hexBinaryValue must be a string of hexadecimal digits');
  }
}

export function checkSensorElementList(value: unknown, path: string, out: Problems): void {
  if (!checkArray(value, path, out, 'sensorElementList')) return;
  value.forEach((item, index) => {
    const here = at(path, index);
    if (!requireObject(item, here, out, 'a sensor element')) return;
    checkFieldNames(item, here, ELEMENT_FIELDS, out);
    if (item.sensorMetadata !== undefined)
      checkSensorMetadata(item.sensorMetadata, at(here, 'sensorMetadata'), out);
    const reports = item.sensorReport;
    if (reports === undefined) {
      out.report(at(here, 'sensorReport'), 'a sensor element needs a sensorReport');
      return;
    }
    if (!checkArray(reports, at(here, 'sensorReport'), out, 'sensorReport', 1)) return;
    reports.forEach((report, i) => {
      checkSensorReport(report, at(at(here, 'sensorReport'), i), out);
    });
  });
}

const DECLARATION_FIELDS = new Set(['declarationTime', 'reason', 'correctiveEventIDs']);

export function checkErrorDeclaration(value: unknown, path: string, out: Problems): void {
  if (!requireObject(value, path, out, 'errorDeclaration')) return;
  checkFieldNames(value, path, DECLARATION_FIELDS, out);
  if (value.declarationTime === undefined)
    out.report(at(path, 'declarationTime'), 'declarationTime is required');
  else checkDateTime(value.declarationTime, at(path, 'declarationTime'), out, 'declarationTime');
  if (value.reason !== undefined)
    checkVocabulary(value.reason, at(path, 'reason'), out, 'reason', ERROR_REASONS);
  if (value.correctiveEventIDs !== undefined) {
    checkUriList(value.correctiveEventIDs, at(path, 'correctiveEventIDs'), out, 'correctiveEventIDs');
  }
}

export function checkPersistentDisposition(
  value: unknown,
  path: string,
  out: Problems,
  dispositions: ReadonlySet<string>,
): void {
  if (!requireObject(value, path, out, 'persistentDisposition')) return;
  for (const key of Object.keys(value)) {
    if (key !== 'set' && key !== 'unset')
      out.report(at(path, key), 'persistentDisposition only has set and unset');
  }
  if (value.set === undefined && value.unset === undefined) {
    out.report(path, 'persistentDisposition needs set or unset');
  }
  for (const field of ['set', 'unset']) {
    const list = value[field];
    if (list === undefined || !checkArray(list, at(path, field), out, field, 1)) continue;
    const seen = new Set<unknown>();
    list.forEach((item, index) => {
      if (seen.has(item)) out.report(at(at(path, field), index), `${String(item)} is listed twice`);
      seen.add(item);
      checkVocabulary(item, at(at(path, field), index), out, 'disposition', dispositions);
    });
  }
}

export function checkCertificationInfo(value: unknown, path: string, out: Problems): void {
  if (Array.isArray(value)) checkUriList(value, path, out, 'certificationInfo');
  else checkUri(value, path, out, 'certificationInfo');
}

/** ILMD (instance/lot master data): every field must be namespaced. */
export function checkIlmd(value: unknown, path: string, out: Problems): void {
  if (!requireObject(value, path, out, 'ilmd')) return;
  checkFieldNames(value, path, new Set(), out);
}

/** JSON-LD @context: a URI, an object, or an array of distinct URIs and objects. */
export function checkContext(value: unknown, path: string, out: Problems): void {
  const entry = (item: unknown, here: string) => {
    if (typeof item === 'string') checkUri(item, here, out, '@context');
    else if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      out.report(here, `@context entries must be URIs or objects, not ${describe(item)}`);
    }
  };
  if (!Array.isArray(value)) {
    entry(value, path);
    return;
  }
  const seen = new Set<string>();
  value.forEach((item, index) => {
    entry(item, at(path, index));
    const key = canonicalize(item) ?? '';
    if (seen.has(key)) out.report(at(path, index), '@context lists the same entry twice');
    seen.add(key);
  });
}
