import { KeyedSlots, type ReleaseSlot } from './keyed-slots';

/** Whether the promise has settled, after every callback already queued has run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('KeyedSlots', () => {
  it('lets perKey holders of a key in at once; the next waits until one gives its slot back', async () => {
    const slots = new KeyedSlots(2);
    const first = await slots.take('a');
    await slots.take('a');
    const third = slots.take('a');
    expect(await settled(third)).toBe(false);
    expect(slots.usage('a')).toEqual({ running: 2, waiting: 1 });

    first();
    expect(await settled(third)).toBe(true);
    expect(slots.usage('a')).toEqual({ running: 2, waiting: 0 });
  });

  it('hands slots over in order of arrival', async () => {
    const slots = new KeyedSlots(1);
    const holder = await slots.take('a');
    const order: number[] = [];
    const waiters = [1, 2, 3].map((n) => slots.take('a').then((release) => (order.push(n), release)));
    holder();
    for (const waiter of waiters) (await waiter)();
    expect(order).toEqual([1, 2, 3]);
  });

  it("keeps each key's slots apart: a full key does not hold up another", async () => {
    const slots = new KeyedSlots(1);
    await slots.take('a');
    expect(await settled(slots.take('b'))).toBe(true);
    expect(await settled(slots.take('a'))).toBe(false);
  });

  it('forgets a key once its last holder is gone, and a second release gives back nothing more', async () => {
    const slots = new KeyedSlots(2);
    const releases: ReleaseSlot[] = [await slots.take('a'), await slots.take('a')];
    releases[0]();
    releases[0]();
    await settled(Promise.resolve());
    expect(slots.usage('a')).toEqual({ running: 1, waiting: 0 });
    releases[1]();
    await settled(Promise.resolve());
    expect(slots.keysInUse).toBe(0);
    expect(slots.usage('a')).toEqual({ running: 0, waiting: 0 });
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses %p slots per key', (perKey) => {
    expect(() => new KeyedSlots(perKey)).toThrow('slots per key');
  });
});
