import { describe, expect, it } from 'vitest';
import { ScriptedLlm } from '../testing/index.ts';
import {
  callMs,
  callRecord,
  CallLog,
  DEVICE_PROFILES,
  InvalidDeviceSpeedError,
  measuredProfile,
  MEASURED_SEARCH_WORK,
  searchMs,
  estimatedSearchMs,
  MissingReplyError,
  quantile,
  recordingLlm,
  totalsByPurpose,
  turnTime,
  type CallRecord,
} from './index.ts';

const profile = {
  name: 't',
  prefillTokensPerSecond: 1000,
  decodeTokensPerSecond: 10,
  overheadMs: 50,
};
const call = (purpose: string, promptTokens: number, completionTokens: number): CallRecord => ({
  purpose,
  promptTokens,
  completionTokens,
});

describe('device cost model', () => {
  it('a call costs its overhead, its prompt at prefill speed and its completion at decode speed', () => {
    expect(callMs(profile, 500, 20)).toBe(50 + 500 + 2000);
    // Decode dominates a short call: a 30-token reason costs more than a 600-token prompt.
    expect(callMs(DEVICE_PROFILES.fast, 0, 30)).toBeGreaterThan(
      callMs(DEVICE_PROFILES.fast, 600, 0),
    );
  });

  it('orders the named profiles fast, typical, wasm, and accepts only real measured speeds', () => {
    const ms = (p: keyof typeof DEVICE_PROFILES) => callMs(DEVICE_PROFILES[p], 400, 20);
    expect(ms('fast')).toBeLessThan(ms('typical'));
    expect(ms('typical')).toBeLessThan(ms('wasm'));
    expect(
      measuredProfile('this device', { prefillTokensPerSecond: 900, decodeTokensPerSecond: 45 }),
    ).toMatchObject({ name: 'this device', decodeTokensPerSecond: 45 });
    expect(() =>
      measuredProfile('x', { prefillTokensPerSecond: 0, decodeTokensPerSecond: 45 }),
    ).toThrow(InvalidDeviceSpeedError);
    expect(() =>
      measuredProfile('x', { prefillTokensPerSecond: 900, decodeTokensPerSecond: Number.NaN }),
    ).toThrow(InvalidDeviceSpeedError);
  });
});

describe('search cost per effort', () => {
  it('quick spends no model time; balanced one call; thorough many more', () => {
    const { fast, typical } = DEVICE_PROFILES;
    expect(searchMs(MEASURED_SEARCH_WORK.quick, typical)).toBe(0);
    const balanced = MEASURED_SEARCH_WORK.balanced;
    expect(searchMs(balanced, fast)).toBe(
      callMs(fast, balanced.promptTokens, balanced.completionTokens),
    );
    const thorough = MEASURED_SEARCH_WORK.thorough;
    expect(searchMs(thorough, fast)).toBe(
      callMs(fast, thorough.promptTokens, thorough.completionTokens) + 47 * fast.overheadMs,
    );
    expect(searchMs(thorough, typical)).toBeGreaterThan(5 * searchMs(balanced, typical));
  });

  it("estimates a finished search from its events' calls and total tokens", () => {
    // 1 call, 700 tokens: 20 of them written (decode), 680 read (prefill).
    expect(estimatedSearchMs(1, 700, profile)).toBe(50 + 680 + 2000);
    // A search that reports fewer tokens than its calls would write decodes them all.
    expect(estimatedSearchMs(2, 30, profile)).toBe(50 + 3000 + 50);
    expect(estimatedSearchMs(0, 0, profile)).toBe(0);
  });
});

describe('turn time', () => {
  it('everything before the reply delays its first token; what follows ends the turn', () => {
    const calls = [
      call('discourse-topic', 100, 5),
      call('judge-children', 300, 10),
      call('answer', 800, 40),
      call('summarise-round', 200, 30),
    ];
    const t = turnTime(calls, profile, 'answer');
    const before = callMs(profile, 100, 5) + callMs(profile, 300, 10);
    expect(t.firstTokenMs).toBe(before + callMs(profile, 800, 1));
    expect(t.endMs).toBe(before + callMs(profile, 800, 40) + callMs(profile, 200, 30));
    expect(() => turnTime([call('judge-node', 1, 1)], profile, 'answer')).toThrow(
      MissingReplyError,
    );
  });

  it('quantiles by nearest rank', () => {
    const values = [5, 1, 4, 2, 3, 10, 6, 7, 8, 9];
    expect(quantile(values, 0.5)).toBe(5);
    expect(quantile(values, 0.95)).toBe(10);
    expect(quantile([], 0.5)).toBeNaN();
  });
});

describe('recording LLM', () => {
  it('writes down each answered call with its purpose and tokens, in order, and sums them', async () => {
    const llm = recordingLlm(
      new ScriptedLlm({
        responses: { answer: ['Hello there.'], 'judge-node': ['{"relevant":true}'] },
      }),
    );
    await llm.complete({
      messages: [{ role: 'user', content: 'Hi' }],
      maxTokens: 8,
      purpose: 'answer',
    });
    await llm.completeStructured({
      messages: [{ role: 'user', content: 'Is it?' }],
      maxTokens: 8,
      purpose: 'judge-node',
      schema: {},
    });
    const records = llm.take();
    expect(records.map((r) => r.purpose)).toEqual(['answer', 'judge-node']);
    expect(records[0]?.completionTokens).toBeGreaterThan(0);
    expect(llm.take()).toEqual([]);
    expect(totalsByPurpose([...records, ...records])).toEqual({
      answer: {
        calls: 2,
        promptTokens: 2 * (records[0]?.promptTokens ?? 0),
        completionTokens: 2 * (records[0]?.completionTokens ?? 0),
        queueMs: 0,
      },
      'judge-node': {
        calls: 2,
        promptTokens: 2 * (records[1]?.promptTokens ?? 0),
        completionTokens: 2 * (records[1]?.completionTokens ?? 0),
        queueMs: 0,
      },
    });
  });
});

describe('the call log', () => {
  const answered = (queueMs: number) =>
    callRecord('answer', { text: 'ok', promptTokens: 100, completionTokens: 5, queueMs });

  it('keeps each call with its queue wait, and its totals sum the waits', () => {
    const log = new CallLog();
    const heard: number[] = [];
    log.subscribe((calls) => heard.push(calls.length));
    log.record(answered(0));
    log.record(answered(300));
    log.record(callRecord(undefined, { text: '', promptTokens: 10, completionTokens: 1 }));
    expect(heard).toEqual([1, 2, 3]);
    expect(totalsByPurpose(log.records)).toEqual({
      answer: { calls: 2, promptTokens: 200, completionTokens: 10, queueMs: 300 },
      unknown: { calls: 1, promptTokens: 10, completionTokens: 1, queueMs: 0 },
    });
  });

  it('keeps the newest calls only, up to its limit; an unsubscribed listener hears nothing', () => {
    const log = new CallLog(2);
    const heard: number[] = [];
    const stop = log.subscribe((calls) => heard.push(calls.length));
    for (const wait of [1, 2, 3]) log.record(answered(wait));
    stop();
    log.record(answered(4));
    expect(log.records.map((r) => r.queueMs)).toEqual([3, 4]);
    expect(heard).toEqual([1, 2, 2]);
  });
});
