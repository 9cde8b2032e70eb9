import { describe, expect, it } from 'vitest';
import { AbortError } from '../../engine/errors.ts';
import { callPriority, LLM_PURPOSES } from '../../engine/llm-purposes.ts';
import { PriorityQueue } from './priority-queue.ts';

/** A task that records its start and finishes when told to. */
function gate(log: string[], name: string) {
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    task: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
    finish: () => finish(),
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the engine queue', () => {
  it('runs one task at a time; a user call overtakes waiting background calls', async () => {
    const queue = new PriorityQueue();
    const log: string[] = [];
    const b1 = gate(log, 'b1');
    const b2 = gate(log, 'b2');
    const b3 = gate(log, 'b3');
    const u = gate(log, 'u');
    const results = [
      queue.run(b1.task, { priority: 'background' }),
      queue.run(b2.task, { priority: 'background' }),
      queue.run(b3.task, { priority: 'background' }),
    ];
    await tick();
    expect(log).toEqual(['start b1']);
    expect(queue.size).toBe(3);
    // The user's turn arrives while a background call runs: it waits for that one call only.
    const user = queue.run(u.task, { priority: 'user' });
    b1.finish();
    await tick();
    expect(log).toEqual(['start b1', 'end b1', 'start u']);
    u.finish();
    expect(await user).toBe('u');
    // Background work then resumes, in its own order.
    await tick();
    expect(log.at(-1)).toBe('start b2');
    b2.finish();
    await tick();
    b3.finish();
    expect(await Promise.all(results)).toEqual(['b1', 'b2', 'b3']);
    expect(log).toEqual([
      'start b1',
      'end b1',
      'start u',
      'end u',
      'start b2',
      'end b2',
      'start b3',
      'end b3',
    ]);
    expect(queue.size).toBe(0);
  });

  it('keeps first come, first served within a priority, and a failure never blocks the next', async () => {
    const queue = new PriorityQueue();
    const order: string[] = [];
    const failing = queue.run(async () => {
      order.push('fails');
      throw new Error('engine error');
    });
    const a = queue.run(async () => order.push('a'));
    const b = queue.run(async () => order.push('b'));
    await expect(failing).rejects.toThrow('engine error');
    await Promise.all([a, b]);
    expect(order).toEqual(['fails', 'a', 'b']);
  });

  it('an aborted waiting task leaves the queue without running; the rest keep their order', async () => {
    const queue = new PriorityQueue();
    const log: string[] = [];
    const first = gate(log, 'first');
    const running = queue.run(first.task);
    const controller = new AbortController();
    const dropped = queue.run(async () => log.push('dropped ran'), {
      signal: controller.signal,
      priority: 'background',
    });
    const after = queue.run(async () => log.push('after'), { priority: 'background' });
    controller.abort();
    await expect(dropped).rejects.toBeInstanceOf(AbortError);
    first.finish();
    await Promise.all([running, after]);
    expect(log).toEqual(['start first', 'end first', 'after']);
    const aborted = new AbortController();
    aborted.abort();
    await expect(queue.run(async () => 1, { signal: aborted.signal })).rejects.toBeInstanceOf(
      AbortError,
    );
  });

  it('knows which purposes nobody waits for', () => {
    expect(callPriority(LLM_PURPOSES.extractFacts)).toBe('background');
    expect(callPriority(LLM_PURPOSES.summarise)).toBe('background');
    expect(callPriority(LLM_PURPOSES.summariseRound)).toBe('background');
    expect(callPriority(LLM_PURPOSES.answer)).toBe('user');
    expect(callPriority(LLM_PURPOSES.judgeChildren)).toBe('user');
    expect(callPriority(LLM_PURPOSES.discourseTopic)).toBe('user');
    expect(callPriority(undefined)).toBe('user');
  });

  it('tells each task how long it waited behind the one running', async () => {
    let clock = 0;
    const queue = new PriorityQueue(() => clock);
    const log: string[] = [];
    const running = gate(log, 'running');
    const waits: number[] = [];
    const first = queue.run(async (waited) => {
      waits.push(waited);
      return running.task();
    });
    clock = 40;
    const second = queue.run(async (waited) => {
      waits.push(waited);
      return 'second';
    });
    clock = 250;
    running.finish();
    await Promise.all([first, second]);
    expect(waits).toEqual([0, 210]);
  });
});
