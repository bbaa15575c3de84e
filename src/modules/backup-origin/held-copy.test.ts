import { describe, expect, it } from 'vitest';
import { heldCopyMemory, type TargetAnswer } from './held-copy.ts';

const LIMITS = { heldMs: 10 * 60_000, failedMs: 60_000, capacity: 3 };

/** A memory on a clock the test moves, and an asker that counts its asks. */
function setup() {
  let now = Date.parse('2026-12-02T21:00:00.000Z');
  const memory = heldCopyMemory(() => new Date(now), LIMITS);
  const asks: string[] = [];
  const asker = (key: string, answer: Omit<TargetAnswer, 'at' | 'fresh'>) => async () => {
    asks.push(key);
    return { ...answer, at: new Date(now), fresh: true } as TargetAnswer;
  };
  return { memory, asks, asker, move: (ms: number) => (now += ms) };
}

const HELD = { held: true as const, uri: 'https://backup.example/copy' };
const MISSING = { held: false as const, problem: 'does not hold version 2', silent: false };
const SILENT = { held: false as const, problem: 'did not answer the copy (timeout)', silent: true };

describe('heldCopyMemory', () => {
  it('believes a held copy for ten minutes, whoever asks', async () => {
    const { memory, asks, asker, move } = setup();
    expect(await memory.answer('t', 'a', 'held', asker('a', HELD))).toMatchObject({
      held: true,
      fresh: true,
    });
    move(10 * 60_000 - 1);
    expect(await memory.answer('t', 'a', 'held', asker('a', HELD))).toMatchObject({
      held: true,
      fresh: false,
    });
    move(1);
    expect(await memory.answer('t', 'a', 'held', asker('a', HELD))).toMatchObject({ fresh: true });
    expect(asks).toEqual(['a', 'a']);
  });

  it('believes another answer for a minute, for the overview only', async () => {
    const { memory, asks, asker, move } = setup();
    await memory.answer('t', 'a', 'held', asker('a', MISSING));
    expect(await memory.answer('t', 'a', 'any', asker('a', MISSING))).toMatchObject({ fresh: false });
    expect(asks).toEqual(['a']);
    // One record asks again at once.
    await memory.answer('t', 'a', 'held', asker('a', MISSING));
    expect(asks).toEqual(['a', 'a']);
    move(60_000);
    expect(await memory.answer('t', 'a', 'any', asker('a', MISSING))).toMatchObject({ fresh: true });
    expect(asks).toEqual(['a', 'a', 'a']);
  });

  it('answers every version of a target that did not answer, for a minute, but keeps what it held', async () => {
    const { memory, asks, asker, move } = setup();
    await memory.answer('t', 'held', 'held', asker('held', HELD));
    await memory.answer('t', 'a', 'held', asker('a', SILENT));
    expect(await memory.answer('t', 'b', 'held', asker('b', HELD))).toMatchObject({
      ...SILENT,
      fresh: false,
    });
    expect(await memory.answer('t', 'held', 'held', asker('held', HELD))).toMatchObject({ held: true });
    expect(await memory.answer('other', 'c', 'held', asker('c', HELD))).toMatchObject({ held: true });
    expect(asks).toEqual(['held', 'a', 'c']);
    move(60_000);
    expect(await memory.answer('t', 'b', 'held', asker('b', HELD))).toMatchObject({
      held: true,
      fresh: true,
    });
  });

  it('shares one ask among checks at the same time, and keeps at most `capacity` answers', async () => {
    const { memory, asks, asker } = setup();
    const both = await Promise.all([
      memory.answer('t', 'a', 'held', asker('a', HELD)),
      memory.answer('t', 'a', 'held', asker('a', HELD)),
    ]);
    expect(both.map((answer) => answer.held)).toEqual([true, true]);
    expect(asks).toEqual(['a']);
    for (const key of ['b', 'c', 'd']) await memory.answer('t', key, 'held', asker(key, HELD));
    // `a`, the oldest, went to make room for `d`.
    await memory.answer('t', 'a', 'held', asker('a', HELD));
    await memory.answer('t', 'd', 'held', asker('d', HELD));
    expect(asks).toEqual(['a', 'b', 'c', 'd', 'a']);
  });
});
