// The opaque cursor of the delivery log: the position (attempt time in epoch milliseconds, attempt
// id) of the last attempt of a page. Attempt times are written by the worker from a JS Date, so
// milliseconds tell them apart exactly.

export interface DeliveryPosition {
  attemptedAt: Date;
  id: string;
}

const POSITION = /^(\d{1,16})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function encodeDeliveryCursor(position: DeliveryPosition): string {
  return Buffer.from(`${position.attemptedAt.getTime()}.${position.id}`, 'utf8').toString('base64url');
}

/** The position a cursor names, or null for anything this service did not hand out. */
export function decodeDeliveryCursor(cursor: string): DeliveryPosition | null {
  if (cursor.length > 128 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  const match = POSITION.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match?.[1] || !match[2]) return null;
  const attemptedAt = new Date(Number(match[1]));
  return Number.isNaN(attemptedAt.getTime()) ? null : { attemptedAt, id: match[2] };
}
