/**
 * What time a question asks about: now (the default: "Where do I live?"), a date ("in June
 * 2024", "around November 2023") or the past relative to an event ("before my latest move").
 */
import { isoMonth, monthNumber } from './calendar.ts';

export type QuestionTime =
  | { readonly kind: 'current' }
  | { readonly kind: 'as-of'; readonly date: string }
  | { readonly kind: 'past' };

const MONTH_YEAR =
  /\b(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?),? (\d{4})\b/i;
const PAST =
  /\b(before|used to|previous(?:ly)?|former(?:ly)?|earlier|originally|at first|old (?:job|car|place|flat|phone|bike|city|employer)|prior to|until)\b/i;

export function questionTime(question: string): QuestionTime {
  const m = MONTH_YEAR.exec(question);
  const month = m ? monthNumber(m[1] ?? '') : undefined;
  if (m && month !== undefined)
    return { kind: 'as-of', date: `${isoMonth(Number(m[2]), month)}-15` };
  const year = /\b(?:in|during|around|back in) (\d{4})\b/i.exec(question);
  if (year && !PAST.test(question)) return { kind: 'as-of', date: `${year[1]}-07-01` };
  if (PAST.test(question)) return { kind: 'past' };
  return { kind: 'current' };
}

/** Whether the question asks about the one asking ("I", "my", "me"). */
export const isFirstPerson = (question: string): boolean =>
  /\b(i|i'm|i've|i'd|me|my|mine|myself)\b/i.test(question);

const ASKS =
  /^(?:(?:so|and|but|ok|okay|hey|quick question)[,:]? )?(?:(?:in|at|for|from|with|since) )?(?:what|what's|which|where|where's|who|who's|whom|when|how long|how many)\b/i;
const ADVICE =
  /\b(should|could i|would you|can you|recommend|suggest|ideas?|tips|good idea|help me)\b/i;

/**
 * Whether a question asks for a fact about the asker ("Where do I live now?", "Which company did
 * I work for before?") rather than advice ("What should I put in the flower bed?").
 */
export const asksAboutMe = (question: string): boolean =>
  isFirstPerson(question) && ASKS.test(question.trim()) && !ADVICE.test(question);
