/**
 * The scripted rule for the correctness judge ('judge-answer', engine/eval/answer-check.ts):
 * "yes" when every content word of the ideal answer is in the model's response.
 */
import { keywordSet } from './keywords.ts';
import type { ScriptedRule } from './scripted-rules.ts';

export const judgeAnswerRule: ScriptedRule = (prompt) => {
  const ideal = /The ideal response is: ([\s\S]*?)\. The model's response is:/.exec(prompt)?.[1];
  const response = /The model's response is: ([\s\S]*?)\.\n/.exec(prompt)?.[1] ?? '';
  const words = keywordSet(ideal ?? '');
  const said = keywordSet(response);
  return words.size > 0 && [...words].every((w) => said.has(w)) ? 'yes' : 'no';
};
