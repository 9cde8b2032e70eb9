import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  asIngestion,
  asQuestion,
  sliced,
  yieldToForeground,
  yieldToQuestions,
} from './background-slices.ts';

/** A call that runs until `finish` is called. */
function held(run: <T>(work: () => Promise<T>) => Promise<T>, events: string[], name: string) {
  let finish = () => {};
  const call = run(
    () =>
      new Promise<void>((resolve) => {
        finish = () => {
          events.push(name);
          resolve();
        };
      }),
  );
  return { call, finish: () => finish() };
}

const aMoment = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('background slices', () => {
  it('wait while a question is answered, whichever kind they are', async () => {
    const events: string[] = [];
    const question = held(asQuestion, events, 'answered');
    const check = yieldToQuestions().then(() => events.push('check slice'));
    const warmUp = yieldToForeground().then(() => events.push('warm-up slice'));
    await aMoment();
    expect(events).toEqual([]);
    question.finish();
    await Promise.all([question.call, check, warmUp]);
    expect(events[0]).toBe('answered');
    expect(events.slice(1).sort()).toEqual(['check slice', 'warm-up slice']);
  });

  it('while a session is remembered, hold back the warm-up but not the checks the page waits for', async () => {
    const events: string[] = [];
    const ingestion = held(asIngestion, events, 'remembered');
    const warmUp = yieldToForeground().then(() => events.push('warm-up slice'));
    await yieldToQuestions();
    events.push('check slice');
    await aMoment();
    expect(events).toEqual(['check slice']);
    ingestion.finish();
    await Promise.all([ingestion.call, warmUp]);
    expect(events).toEqual(['check slice', 'remembered', 'warm-up slice']);
  });

  it('go on at once when no call runs, and after a call that failed', async () => {
    await expect(asQuestion(() => Promise.reject(new Error('no model')))).rejects.toThrow(
      'no model',
    );
    await expect(asIngestion(() => Promise.reject(new Error('disk full')))).rejects.toThrow(
      'disk full',
    );
    let done = false;
    await yieldToForeground().then(() => (done = true));
    expect(done).toBe(true);
  });
});

describe('sliced', () => {
  afterEach(() => vi.restoreAllMocks());

  it('yields only once the slice has run its time, then starts a new slice', async () => {
    let now = 1000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    let yields = 0;
    const pause = sliced(async () => void yields++, 4);
    await pause();
    now += 3.9;
    await pause();
    expect(yields).toBe(0);
    now += 0.1;
    await pause();
    expect(yields).toBe(1);
    now += 3;
    await pause();
    expect(yields).toBe(1);
    now += 1;
    await pause();
    expect(yields).toBe(2);
  });
});
