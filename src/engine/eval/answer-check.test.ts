import { describe, expect, it } from 'vitest';
import { ScriptedLlm } from '../testing/index.ts';
import { asSessionId } from '../types.ts';
import { checkAnswer, JUDGE_ANSWER_PURPOSE, readVerdict } from './answer-check.ts';

/** A judge rule for the test: "yes" when the ideal answer's words all appear in the response. */
const containsJudge = (prompt: string): string => {
  const ideal = /The ideal response is: (.*?)\. The model's response/.exec(prompt)?.[1] ?? '';
  const response = /The model's response is: (.*?)\.\n/s.exec(prompt)?.[1] ?? '';
  const words = ideal.toLowerCase().match(/\w+/g) ?? [];
  return words.every((w) => response.toLowerCase().includes(w)) ? 'yes' : 'no';
};

const memory = [
  { id: 'f1', text: 'The user twisted a knee skiing in March.', sessionIds: [asSessionId('s1')] },
  { id: 'f2', text: 'The user lives in Oslo.', sessionIds: [asSessionId('s2')] },
];

describe('answer correctness', () => {
  it('answers from the memory, then asks the judge with the paper prompt', async () => {
    const llm = new ScriptedLlm({ rules: { [JUDGE_ANSWER_PURPOSE]: containsJudge } });
    const check = await checkAnswer(llm, 'How did I hurt my knee?', 'skiing', memory);
    expect(check.response).toBe('The user twisted a knee skiing in March.');
    expect(check.correct).toBe(true);
    expect(check.tokens).toBeGreaterThan(0);
    const judgeCall = llm.callsFor(JUDGE_ANSWER_PURPOSE)[0];
    expect(judgeCall?.prompt).toContain('Given question: How did I hurt my knee?');
    expect(judgeCall?.prompt).toContain('Please answer with only "yes" or "no"');
  });

  it('is wrong when the ideal answer is not in the response', async () => {
    const llm = new ScriptedLlm({ rules: { [JUDGE_ANSWER_PURPOSE]: containsJudge } });
    const check = await checkAnswer(llm, 'How did I hurt my knee?', 'cycling', memory);
    expect(check.correct).toBe(false);
    expect(check.verdict).toBe('no');
  });

  it('reads yes/no verdicts leniently but never counts "no" as yes', () => {
    expect(readVerdict('Yes.')).toBe(true);
    expect(readVerdict(' "yes" ')).toBe(true);
    expect(readVerdict('YES, it matches')).toBe(true);
    expect(readVerdict('no')).toBe(false);
    expect(readVerdict('Not yes')).toBe(false);
    expect(readVerdict('')).toBe(false);
  });
});
