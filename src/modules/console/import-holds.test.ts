import { describe, expect, it } from 'vitest';
import { HOLD_MS, importHolds } from './import-holds.ts';

describe('uploaded sheets held for their preview', () => {
  const held = (memberId: string) => ({ memberId, tenantId: 't1', category: 'batteries' as const, rows: [] });

  it("gives a hold back to its member only, and forgets it after the hold's time", () => {
    let now = new Date('2026-01-01T10:00:00Z');
    const holds = importHolds(() => now);
    const mine = holds.put(held('ada'));
    expect(holds.get(mine.id, 'ada', 't1')).toBe(mine);
    expect(holds.get(mine.id, 'bob', 't1')).toBeUndefined();
    expect(holds.get(mine.id, 'ada', 't2')).toBeUndefined();
    now = new Date(now.getTime() + HOLD_MS + 1);
    expect(holds.get(mine.id, 'ada', 't1')).toBeUndefined();
  });

  it("keeps a member's three newest uploads", () => {
    const holds = importHolds(() => new Date('2026-01-01T10:00:00Z'));
    const ids = [1, 2, 3, 4].map(() => holds.put(held('ada')).id);
    expect(ids.map((id) => Boolean(holds.get(id, 'ada', 't1')))).toEqual([false, true, true, true]);
  });
});
