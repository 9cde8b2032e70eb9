import { describe, expect, it } from 'vitest';
import { AbortError } from '../errors.ts';
import { mapLimited, mapLimitedInOrder } from './map-limited.ts';
import { OrderedSteps } from './ordered-steps.ts';

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('mapLimited', () => {
  it('returns results in item order whatever order the calls finish in, N at a time', async () => {
    let inFlight = 0;
    let peak = 0;
    const finishOrder: number[] = [];
    // Later items finish first: item i waits (10 - i) turns of the event loop.
    const result = await mapLimited([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 4, async (item) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      for (let turn = 0; turn < 10 - item; turn++) await settle();
      inFlight--;
      finishOrder.push(item);
      return item * item;
    });
    expect(result).toEqual([0, 1, 4, 9, 16, 25, 36, 49, 64, 81]);
    expect(peak).toBe(4);
    expect(finishOrder).not.toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('with N = 1 runs one call at a time, in order', async () => {
    const order: string[] = [];
    await mapLimited(['a', 'b', 'c'], 1, async (item) => {
      order.push(`start ${item}`);
      await settle();
      order.push(`end ${item}`);
    });
    expect(order).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('stops starting calls after a failure, waits for the running ones, then throws it', async () => {
    const started: number[] = [];
    let finished = 0;
    const run = mapLimited([0, 1, 2, 3, 4, 5], 2, async (item) => {
      started.push(item);
      await settle();
      if (item === 1) throw new Error('item 1 failed');
      await settle();
      finished++;
      return item;
    });
    await expect(run).rejects.toThrow('item 1 failed');
    expect(started).toEqual([0, 1]);
    expect(finished).toBe(1);
  });

  it('throws AbortError once the signal fires, starting nothing more', async () => {
    const controller = new AbortController();
    const started: number[] = [];
    const run = mapLimited(
      [0, 1, 2, 3],
      1,
      async (item) => {
        started.push(item);
        if (item === 1) controller.abort();
        await settle();
      },
      controller.signal,
    );
    await expect(run).rejects.toBeInstanceOf(AbortError);
    expect(started).toEqual([0, 1]);
  });

  it('handles no items and more slots than items', async () => {
    expect(await mapLimited([], 8, () => Promise.resolve(1))).toEqual([]);
    expect(await mapLimited([1, 2], 8, (x) => Promise.resolve(x + 1))).toEqual([2, 3]);
  });
});

describe('mapLimitedInOrder', () => {
  it('hands results out in item order, each as soon as the earlier ones are out', async () => {
    const handed: number[] = [];
    const finishOrder: number[] = [];
    const result = await mapLimitedInOrder(
      [0, 1, 2, 3, 4, 5],
      3,
      async (item) => {
        for (let turn = 0; turn < 6 - item; turn++) await settle();
        finishOrder.push(item);
        return item * 10;
      },
      async (value, index) => {
        await settle();
        expect(value).toBe(index * 10);
        handed.push(index);
      },
    );
    expect(result).toEqual([0, 10, 20, 30, 40, 50]);
    expect(handed).toEqual([0, 1, 2, 3, 4, 5]);
    expect(finishOrder).not.toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('on a failure hands out the other finished results, waits for them, then throws it', async () => {
    const handed: number[] = [];
    const run = mapLimitedInOrder(
      [0, 1, 2, 3, 4],
      3,
      async (item) => {
        await settle();
        if (item === 1) throw new Error('item 1 failed');
        await settle();
        return item;
      },
      async (value) => {
        await settle();
        await settle();
        handed.push(value);
      },
    );
    await expect(run).rejects.toThrow('item 1 failed');
    // 0 and 2 ran beside 1; nothing started after the failure; every hand-out is done.
    expect(handed).toEqual([0, 2]);
  });

  it('throws a failed hand-out once every item is done', async () => {
    const done: number[] = [];
    const run = mapLimitedInOrder(
      [0, 1, 2],
      1,
      async (item) => {
        done.push(item);
        return item;
      },
      (value) => {
        if (value === 0) throw new Error('cannot write 0');
      },
    );
    await expect(run).rejects.toThrow('cannot write 0');
    expect(done).toEqual([0, 1, 2]);
  });
});

describe('OrderedSteps', () => {
  it('runs steps in the order they were registered, whenever their inputs are ready', async () => {
    const steps = new OrderedSteps();
    const log: string[] = [];
    const slow = new Promise<string>((resolve) => setTimeout(() => resolve('slow'), 5));
    const fast = Promise.resolve('fast');
    const a = steps.then(async () => log.push(`a:${await slow}`));
    const b = steps.then(async () => log.push(`b:${await fast}`));
    const c = steps.then(() => {
      throw new Error('c failed');
    });
    const d = steps.then(() => log.push('d'));
    await Promise.all([a, b, d]);
    await expect(c).rejects.toThrow('c failed');
    expect(log).toEqual(['a:slow', 'b:fast', 'd']);
  });
});
