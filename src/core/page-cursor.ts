// A cursor query parameter as a service reads it: absent or empty is the first page, a cursor this
// node handed out is the page after it, and anything else is the contract's 400 naming the parameter
// and what is wrong (a forged or damaged cursor must never reach the store as a value it cannot take).
import {
  type CursorReading,
  cursorRefusal,
  type PagePosition,
  readOffsetCursor,
  readPositionCursor,
} from '../domain/paging/cursor.ts';
import { badRequest } from './errors.ts';

function readOrRefuse<T>(parameter: string, reading: CursorReading<T>): T {
  if (!reading.ok) throw badRequest(cursorRefusal(parameter, reading.reason));
  return reading.value;
}

/** The position a position cursor names, or null for the first page. */
export function positionParameter(parameter: string, cursor: string | undefined): PagePosition | null {
  return cursor === undefined || cursor === '' ? null : readOrRefuse(parameter, readPositionCursor(cursor));
}

/** The offset an offset cursor names, or 0 for the first page. */
export function offsetParameter(parameter: string, cursor: string | undefined): number {
  return cursor === undefined || cursor === '' ? 0 : readOrRefuse(parameter, readOffsetCursor(cursor));
}
