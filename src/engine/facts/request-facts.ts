/**
 * What a session in which the user only asked still says about them. Extractive facts keep
 * statements and drop questions, so "How do I get more people to find my posts through search?"
 * left no fact, and nothing in the tree pointed to its session, yet such questions are implicit
 * evidence (this user publishes online). A session with no statement keeps one fact per question
 * with content, category 'request', provenance to its turn: "Asked how to get more people to find
 * their posts through search". Greetings and small talk ("How are you?", "What's up?") carry no
 * content word and still give nothing.
 */
import type { Session, TurnId } from '../types.ts';
import { contentWords, isQuestion, sentenceBody, speakerPrefix } from './sentence-kind.ts';
import { splitSentences } from './sentences.ts';

/** Requests kept per session at most (a long question-only session is still one trace). */
export const MAX_REQUESTS_PER_SESSION = 5;

/** Content words a question needs to be kept ("Free?", "How long?" say nothing alone). */
export const MIN_REQUEST_WORDS = 2;

export interface RequestDraft {
  readonly text: string;
  readonly turnId: TurnId;
}

const POSSESSIVES: Readonly<Record<string, string>> = {
  my: 'their',
  mine: 'theirs',
  me: 'them',
  myself: 'themselves',
  our: 'their',
  ours: 'theirs',
  us: 'them',
  ourselves: 'themselves',
};

/** The asker's own words in the third person where a pronoun is plainly theirs ("my" → "their"). */
function theirWords(text: string): string {
  return text.replace(/\b(my|mine|me|myself|our|ours|us|ourselves)\b/gi, (word) => {
    const swapped = POSSESSIVES[word.toLowerCase()] ?? word;
    return word[0] === word[0]?.toUpperCase() && word !== 'I' ? capitalise(swapped) : swapped;
  });
}

const capitalise = (s: string) => (s === '' ? s : `${s[0]?.toUpperCase() ?? ''}${s.slice(1)}`);

const HOW_TO = /^how (?:do|can|should|could|would|might|will) (?:i|we) (.+)$/i;
const WH_TO =
  /^(what|where|when|which|who|whom) (?:should|can|could|do|would|might) (?:i|we) (.+)$/i;

/**
 * "How do I get …?" → "Asked how to get …"; "What should I plant?" → "Asked what to plant"; any
 * other question → "Asked about" its content words ("Any cheap protein ideas?" → "Asked about
 * cheap, protein, ideas"): a question's scaffolding ("what's a good way to", "any") would make the
 * fact's embedding look like every other question's.
 */
export function requestText(question: string): string {
  const prefix = speakerPrefix(question);
  const body = sentenceBody(question)
    .trim()
    .replace(/[?\s]+$/, '');
  const asker = prefix === '' ? 'Asked' : `${prefix.slice(0, -2)} asked`;
  const how = HOW_TO.exec(body);
  if (how) return `${asker} how to ${theirWords(how[1] ?? '')}`;
  const wh = WH_TO.exec(body);
  if (wh) return `${asker} ${(wh[1] ?? '').toLowerCase()} to ${theirWords(wh[2] ?? '')}`;
  return `${asker} about ${contentWords(body).join(', ')}`;
}

/** The user's questions with content in a session, as request facts' texts (see the module comment). */
export function requestDrafts(session: Session): RequestDraft[] {
  const drafts: RequestDraft[] = [];
  const seen = new Set<string>();
  for (const turn of session.turns) {
    if (turn.speaker !== 'user') continue;
    for (const sentence of splitSentences(turn.text)) {
      if (!isQuestion(sentence) || contentWords(sentence).length < MIN_REQUEST_WORDS) continue;
      const text = requestText(sentence);
      if (seen.has(text.toLowerCase())) continue;
      seen.add(text.toLowerCase());
      drafts.push({ text, turnId: turn.id });
      if (drafts.length >= MAX_REQUESTS_PER_SESSION) return drafts;
    }
  }
  return drafts;
}
