// A spreadsheet import between its upload and its confirmation: the upload is read once, its rows
// checked and held here, under a random id, for the member who sent it; the preview and, once the
// member confirms, the report are pages of their own (GET) that survive a reload. Held in the
// instance's memory, for 30 minutes, at most three a member and 200 in all (the oldest go first):
// a node behind a load balancer needs the member's requests to reach one instance for the minutes
// between upload and confirmation (docs/console.md, "Spreadsheets"); an expired or unknown hold is a
// 404 page that says to upload the file again.
import { randomUUID } from 'node:crypto';
import type { Category } from '../../domain/categories/types.ts';
import type { RowProblem } from './passport-import-report.ts';

export const HOLD_MS = 30 * 60 * 1000;
const PER_MEMBER = 3;
const IN_ALL = 200;

export interface HeldRow {
  /** The row's number in the sheet. */
  row: number;
  productId: string;
  /** What confirming does with it: a new passport, an update of an existing one, or nothing. */
  action: 'create' | 'update' | 'refused';
  problems: RowProblem[];
  /** The create body sent when confirmed (rows to create or update). */
  body?: Record<string, unknown>;
  /** The passport updated, or once written, the one written. */
  passportId?: string;
  /** After confirming: whether the bulk answer returned the row's passport. */
  outcome?: 'written' | 'refused';
}

export interface HeldImport {
  id: string;
  memberId: string;
  tenantId: string;
  category: Category;
  heldAt: number;
  rows: HeldRow[];
  /** Set once confirmed: the import was sent, and whether its new passports were published. */
  done?: { publish: boolean };
  /** The confirmation is being sent. */
  sending?: boolean;
}

export function importHolds(now: () => Date) {
  const holds = new Map<string, HeldImport>();
  const sweep = () => {
    const cutoff = now().getTime() - HOLD_MS;
    for (const [id, held] of holds) if (held.heldAt < cutoff) holds.delete(id);
  };
  return {
    put(held: Omit<HeldImport, 'id' | 'heldAt'>): HeldImport {
      sweep();
      const mine = [...holds.values()].filter((other) => other.memberId === held.memberId);
      for (const old of mine.slice(0, Math.max(0, mine.length - PER_MEMBER + 1))) holds.delete(old.id);
      // Map order is insertion order: the first key is the oldest hold.
      while (holds.size >= IN_ALL) holds.delete(holds.keys().next().value as string);
      const entry = { ...held, id: randomUUID(), heldAt: now().getTime() };
      holds.set(entry.id, entry);
      return entry;
    },
    /** The member's hold, or undefined: another member's is as unknown as an expired one. */
    get(id: string, memberId: string, tenantId: string): HeldImport | undefined {
      sweep();
      const held = holds.get(id);
      return held && held.memberId === memberId && held.tenantId === tenantId ? held : undefined;
    },
  };
}

export type ImportHolds = ReturnType<typeof importHolds>;
