// Work over many items, a few at a time: the answers in the items' order, at most `limit` of the
// calls under way at once (the registry overview's passports, each of which may wait on a backup
// target). The first failure rejects the whole, as Promise.all does; calls under way finish.

export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  each: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const answers = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      answers[index] = await each(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  return answers;
}
