/**
 * The no-LLM extraction mode: the user's own statements, split into sentences, become facts
 * verbatim (first person, category 'other'), each with provenance to its turn.
 *
 * Dropped: fragments under two words or six letters, and pure greetings / acknowledgements
 * ("Thanks, that sounds great!"). Questions are kept only when they speak about the user (first
 * person: "Any tips for my knee surgery next week?" carries a fact; "What is the capital of
 * Peru?" does not). Statements are kept whatever their person: in chat they are the user's own.
 */
import { throwIfAborted } from '../errors.ts';
import { asFactId } from '../types.ts';
import type { Fact, Session, SessionExtraction, TurnId } from '../types.ts';
import { provenance, runExtraction } from './extract.ts';
import type { RunExtractionOptions } from './extract.ts';
import { splitSentences } from './sentences.ts';

const MIN_WORDS = 2;
const MIN_LETTERS = 6;

const ACKNOWLEDGEMENT_WORDS = new Set(
  (
    'hi hello hey hiya greetings good morning afternoon evening night bye goodbye cheers thanks ' +
    'thank thx ty you so much very a lot lots many again really ok okay k alright right sure yes ' +
    'yeah yep yup no nope nah great cool nice awesome perfect fine fantastic wonderful amazing ' +
    "excellent brilliant lovely sounds that that’s that's this it it’s it's is was looks seems " +
    "i i’ll i'll i see got understood makes sense gotcha appreciate appreciated helpful useful " +
    'interesting wow oh ah hmm lol haha indeed exactly of course will do try there welcome np'
  ).split(' '),
);

const FIRST_PERSON =
  /\b(i|i'm|i’m|i've|i’ve|i'd|i’d|i'll|i’ll|me|my|mine|myself|we|our|ours|us)\b/i;

function words(sentence: string): string[] {
  return sentence.toLowerCase().match(/[\p{L}\p{N}'’]+/gu) ?? [];
}

/** A greeting or acknowledgement: every word is a pleasantry. */
export function isAcknowledgement(sentence: string): boolean {
  const ws = words(sentence);
  return ws.length > 0 && ws.every((w) => ACKNOWLEDGEMENT_WORDS.has(w));
}

/** Whether a user sentence is worth keeping as a fact in extractive mode. */
export function isFactCandidate(sentence: string): boolean {
  const ws = words(sentence);
  const letters = sentence.match(/\p{L}/gu)?.length ?? 0;
  if (ws.length < MIN_WORDS || letters < MIN_LETTERS) return false;
  if (isAcknowledgement(sentence)) return false;
  if (/\?["'”’)]*$/.test(sentence)) return FIRST_PERSON.test(sentence);
  return true;
}

export function extractiveFactId(sessionId: string, index: number): string {
  return `${sessionId}/e${index}`;
}

/** Extractive facts of one session: same outcome type as LLM extraction, never 'failed'. */
export function extractiveSessionFacts(session: Session): SessionExtraction {
  const byText = new Map<string, { text: string; turnIds: TurnId[] }>();
  for (const turn of session.turns) {
    if (turn.speaker !== 'user') continue;
    for (const sentence of splitSentences(turn.text)) {
      if (!isFactCandidate(sentence)) continue;
      const key = sentence.toLowerCase();
      const seen = byText.get(key);
      if (!seen) byText.set(key, { text: sentence, turnIds: [turn.id] });
      else if (!seen.turnIds.includes(turn.id)) seen.turnIds.push(turn.id);
    }
  }
  const facts: Fact[] = [...byText.values()].map((f, index) => ({
    id: asFactId(extractiveFactId(session.id, index)),
    text: f.text,
    category: 'other',
    sources: [provenance(session, f.turnIds)],
  }));
  if (facts.length === 0) return { sessionId: session.id, status: 'empty', facts: [], attempts: 0 };
  return { sessionId: session.id, status: 'ok', facts, attempts: 0 };
}

/** Extractive mode over many sessions, with the same progress and cancellation as `extractAll`. */
export function extractAllExtractive(
  sessions: readonly Session[],
  options: RunExtractionOptions = {},
): Promise<SessionExtraction[]> {
  return runExtraction(
    sessions,
    (session, signal) => {
      throwIfAborted(signal);
      return Promise.resolve(extractiveSessionFacts(session));
    },
    options,
  );
}
