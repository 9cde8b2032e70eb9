/**
 * How many facts are not facts: questions, and fragments with fewer than three content words
 * (sentence-kind.ts). The no-LLM extraction aims to keep this near zero; `grove build --dataset`
 * and `npm run results` report it.
 */
import type { Fact } from '../types.ts';
import { contentWords, isQuestion, MIN_CONTENT_WORDS } from './sentence-kind.ts';

export interface FactQuality {
  readonly facts: number;
  readonly questions: number;
  readonly fragments: number;
  /** (questions + fragments) / facts; 0 without facts. */
  readonly share: number;
}

export function factQuality(facts: Iterable<Fact>): FactQuality {
  let total = 0;
  let questions = 0;
  let fragments = 0;
  for (const fact of facts) {
    total++;
    if (isQuestion(fact.text)) questions++;
    else if (contentWords(fact.text).length < MIN_CONTENT_WORDS) fragments++;
  }
  return {
    facts: total,
    questions,
    fragments,
    share: total === 0 ? 0 : (questions + fragments) / total,
  };
}
