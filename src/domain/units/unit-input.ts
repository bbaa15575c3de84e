// The serialise and validate bodies: one unit object or `{ units: [...] }`, and the per-unit checks
// (serial pattern, GS1 conformance of the unit's link, status, manufacturedAt, predecessor fields).
// Pure: the passport's identity comes in, item problems go out as plain strings.

import { parseDigitalLink, unitDigitalLink } from '../gs1/digital-link.ts';
import { ai21Problem } from '../gs1/serial.ts';
import { isUuid } from '../ids.ts';
import { parseBodyDate } from './dates.ts';
import {
  isPredecessorStatus,
  isUnitStatus,
  PREDECESSOR_STATUSES,
  type PredecessorStatus,
  UNIT_STATUSES,
  type UnitStatus,
} from './status.ts';

export const SERIAL_PATTERN = /^[A-Za-z0-9._-]{1,20}$/;
export const MAX_UNITS_PER_REQUEST = 200;

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The unit items of a body, or the Bad Request message when the body itself is wrong. */
export function unitItems(body: unknown): { items: unknown[] } | { message: string } {
  if (!isPlainObject(body)) return { message: 'Request body must be a JSON object' };
  if (!Array.isArray(body.units)) return { items: [body] };
  if (body.units.length === 0) return { message: 'units must contain at least one unit' };
  if (body.units.length > MAX_UNITS_PER_REQUEST) {
    return { message: `units must contain at most ${MAX_UNITS_PER_REQUEST} units` };
  }
  return { items: body.units };
}

export interface PassportIdentity {
  baseUrl: string;
  scheme: string;
  productId: string;
}

export interface UnitCandidate {
  serialNumber: string;
  digitalLinkUri: string | null;
  status: UnitStatus;
  manufacturedAt: Date | null;
  predecessorUnitId: string | null;
  predecessorStatus: PredecessorStatus;
}

export interface CheckedUnit {
  /** The trimmed serial when the item gave a string, else null. */
  serialNumber: string | null;
  problems: string[];
  candidate: UnitCandidate | null;
}

function serialProblem(serial: string, passport: PassportIdentity): string | null {
  if (!SERIAL_PATTERN.test(serial)) return `serialNumber must match ${SERIAL_PATTERN.source}`;
  // URL parsers drop `.` and `..` path segments, so such a serial cannot travel in a unit's link.
  if (/^\.{1,2}$/.test(serial) && passport.scheme !== 'SKU') {
    return 'serialNumber cannot be . or .. because a Digital Link path cannot carry it';
  }
  if (passport.scheme === 'GTIN') {
    if (batchLinkParses(passport)) return null;
    const uri = unitDigitalLink(passport.baseUrl, 'GTIN', passport.productId, serial) ?? '';
    const parsed = parseDigitalLink(uri);
    return parsed.ok ? null : `serialNumber does not form a valid GS1 Digital Link: ${parsed.reason}`;
  }
  const problem = ai21Problem(serial);
  return problem === null ? null : `serialNumber is not a valid GS1 AI 21 value (${problem.toLowerCase()})`;
}

// A serial that matches SERIAL_PATTERN and is not a dot segment is a valid AI 21 value that travels
// in a link unescaped, so whether a unit's link parses depends on the passport alone: it is parsed
// once per batch (per identity object), with one serial standing for all; only when that link fails
// is each serial's own link parsed, for its own reason.
const linkParses = new WeakMap<PassportIdentity, boolean>();
function batchLinkParses(passport: PassportIdentity): boolean {
  let parses = linkParses.get(passport);
  if (parses === undefined) {
    const uri = unitDigitalLink(passport.baseUrl, 'GTIN', passport.productId, '0') ?? '';
    parses = parseDigitalLink(uri).ok;
    linkParses.set(passport, parses);
  }
  return parses;
}

/** Checks one item. `withPredecessor` adds the serialise-only predecessor fields. */
export function checkUnit(item: unknown, passport: PassportIdentity, withPredecessor: boolean): CheckedUnit {
  if (!isPlainObject(item)) {
    return { serialNumber: null, problems: ['unit must be a JSON object'], candidate: null };
  }
  const problems: string[] = [];
  const serialNumber = typeof item.serialNumber === 'string' ? item.serialNumber.trim() : null;
  if (item.serialNumber === undefined || item.serialNumber === null)
    problems.push('serialNumber is required');
  else if (serialNumber === null) problems.push('serialNumber must be a string');
  else {
    const problem = serialProblem(serialNumber, passport);
    if (problem) problems.push(problem);
  }

  const status = item.status ?? 'IN_SERVICE';
  if (!isUnitStatus(status)) problems.push(`status must be one of ${UNIT_STATUSES.join(', ')}`);
  const manufacturedAt = item.manufacturedAt == null ? null : parseBodyDate(item.manufacturedAt);
  if (item.manufacturedAt != null && manufacturedAt === null)
    problems.push('manufacturedAt is not a valid date');

  let predecessorUnitId: string | null = null;
  let predecessorStatus: unknown = 'REPURPOSED';
  if (withPredecessor) {
    if (item.predecessorUnitId != null) {
      if (isUuid(item.predecessorUnitId)) {
        predecessorUnitId = item.predecessorUnitId.toLowerCase();
      } else problems.push('predecessorUnitId must be a UUID');
    }
    predecessorStatus = item.predecessorStatus ?? 'REPURPOSED';
    if (!isPredecessorStatus(predecessorStatus)) {
      problems.push(`predecessorStatus must be one of ${PREDECESSOR_STATUSES.join(', ')}`);
    }
  }

  if (problems.length > 0 || serialNumber === null) return { serialNumber, problems, candidate: null };
  return {
    serialNumber,
    problems,
    candidate: {
      serialNumber,
      digitalLinkUri: unitDigitalLink(passport.baseUrl, passport.scheme, passport.productId, serialNumber),
      status: status as UnitStatus,
      manufacturedAt,
      predecessorUnitId,
      predecessorStatus: predecessorStatus as PredecessorStatus,
    },
  };
}

/** How a per-item failure names its item: `[serial]`, or `[units[i]]` when it has no serial. */
export function itemLabel(serialNumber: string | null, index: number): string {
  return serialNumber ? `[${serialNumber.slice(0, 40)}]` : `[units[${index}]]`;
}
