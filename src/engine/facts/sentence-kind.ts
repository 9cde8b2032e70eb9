/**
 * What a chat sentence is, for extractive facts: a statement worth keeping on its own, a
 * question, a pleasantry (greeting, thanks, acknowledgement, exclamation without content), a
 * short fragment, or a continuation that opens on a pronoun and so needs the sentence before it.
 *
 * A "Name: " prefix (a benchmark speaker, see eval/memory-sessions.ts) is read past: the name
 * says who spoke, it is not content.
 */
import { ENGLISH_STOP_WORDS } from '../baselines/bm25-terms.ts';

export type SentenceKind = 'statement' | 'question' | 'pleasantry' | 'fragment' | 'continuation';

/** Fewer content words than this make a fragment (unless it is a first-person state). */
export const MIN_CONTENT_WORDS = 3;

const PLEASANTRY_WORDS = new Set(
  (
    'hi hello hey hiya greetings good morning afternoon evening night bye goodbye cheers thanks ' +
    'thank thx ty much lot lots many really ok okay k alright right sure yes yeah yep yup nope ' +
    'nah great cool nice awesome perfect fine fantastic wonderful amazing excellent brilliant ' +
    'lovely sounds looks seems see got understood makes sense gotcha appreciate appreciated ' +
    'helpful useful interesting wow oh ah aw aww hmm lol haha indeed exactly course will try ' +
    'welcome np glad happy agreed agree definitely totally absolutely awesome congrats ' +
    'congratulations sorry hear hearing proud wait keep going care luck stunning ' +
    'beautiful incredible impressive inspiring cute sweet fun blast wild ride also still ' +
    'even always well dear buddy man guys pal friend let lets can thing things like feel ' +
    'maybe perhaps know think want wants actually tell give get gonna wanna kinda sorta ' +
    'something anything bit stuff'
  ).split(' '),
);

const CONTINUATION_OPENERS = new Set(
  (
    "it it's its that that's this these those they they're they've them their he he's she " +
    "she's his her him there's"
  ).split(' '),
);
const CONNECTIVES = new Set('and but so also plus or then yet oh well'.split(' '));
const FIRST_PERSON_STATE =
  /^(?:i'm|i am|i've|i have|i was|my|we're|we are|our|i (?:love|like|enjoy|hate|prefer|live|work|own|play|study))\b/i;
const SPEAKER_PREFIX = /^\p{Lu}[\p{L}'.-]*(?: \p{Lu}[\p{L}'.-]*)?: /u;

/** The sentence without a leading "Name: " speaker prefix. */
export function sentenceBody(sentence: string): string {
  return sentence.replace(SPEAKER_PREFIX, '');
}

/** The "Name: " prefix a sentence opens with, or '' without one. */
export function speakerPrefix(sentence: string): string {
  return SPEAKER_PREFIX.exec(sentence)?.[0] ?? '';
}

function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}'’]+/gu) ?? []).map((w) => w.replace(/’/g, "'"));
}

/** Words that carry content: not stop words, not pleasantries, not contractions' stubs. */
export function contentWords(sentence: string): string[] {
  return wordsOf(sentenceBody(sentence))
    .map((w) => w.replace(/'(?:s|re|ve|ll|d|m|t)$/, ''))
    .filter((w) => /\p{N}/u.test(w) || (w.length > 1 && !ENGLISH_STOP_WORDS.has(w)))
    .filter((w) => !PLEASANTRY_WORDS.has(w));
}

export function isQuestion(sentence: string): boolean {
  return /\?["'”’)]*$/.test(sentence.trim());
}

/** "Hey Mel!", "Thanks, Jon.": pleasantries whose only content is a name. */
function isGreeting(body: string, content: readonly string[]): boolean {
  if (content.length > 2) return false;
  const names = new Set(
    (body.match(/(?<!^)\b\p{Lu}[\p{Ll}'-]+/gu) ?? []).map((w) => w.toLowerCase()),
  );
  return content.every((w) => names.has(w));
}

function opensOnPronoun(body: string): boolean {
  const words = wordsOf(body);
  let i = 0;
  while (i < words.length - 1 && CONNECTIVES.has(words[i] ?? '')) i++;
  return CONTINUATION_OPENERS.has(words[i] ?? '');
}

/** "Hi, I'm Sam", "call me Sam", "my name is Sam": the user's name is worth remembering. */
const SELF_INTRODUCTION = /\b(?:I'm|I am|[Mm]y name is|[Mm]y name's|[Cc]all me)\s+\p{Lu}\p{Ll}+\b/u;

/** The kind of one sentence of a user turn (see the module comment). */
export function sentenceKind(sentence: string): SentenceKind {
  if (isQuestion(sentence)) return 'question';
  const body = sentenceBody(sentence);
  if (SELF_INTRODUCTION.test(body)) return 'statement';
  const content = contentWords(body);
  if (content.length === 0 || isGreeting(body, content)) return 'pleasantry';
  if (opensOnPronoun(body)) return 'continuation';
  if (content.length >= MIN_CONTENT_WORDS) return 'statement';
  // "I'm vegan." and "My name is Ana." say something about the speaker in two words.
  return FIRST_PERSON_STATE.test(body) && !body.trim().endsWith('!') ? 'statement' : 'fragment';
}
