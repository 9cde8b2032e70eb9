/**
 * The no-LLM extraction mode: the user's own statements, split into sentences, become facts
 * verbatim (category 'other'), each with provenance to its turn. A session with no statement
 * keeps what the user asked instead, as 'request' facts (request-facts.ts).
 *
 * A fact is a statement (sentence-kind.ts). Questions, greetings, thanks and acknowledgements are
 * dropped. A sentence that opens on a pronoun ("It was sweet at first.") joins the statement
 * (or the fragments) right before it in the same turn, so that its "it" still points somewhere,
 * and is dropped without one. A short fragment ("Saw a heron.") joins the statement next to it
 * the same way. A fact holds at most `MAX_SENTENCES_PER_FACT` sentences.
 */
import { throwIfAborted } from '../errors.ts';
import { asFactId } from '../types.ts';
import type { Fact, Session, SessionExtraction, TurnId } from '../types.ts';
import { provenance, runExtraction } from './extract.ts';
import type { RunExtractionOptions } from './extract.ts';
import { requestDrafts } from './request-facts.ts';
import { sentenceKind, speakerPrefix, type SentenceKind } from './sentence-kind.ts';
import { splitSentences } from './sentences.ts';

export const MAX_SENTENCES_PER_FACT = 3;

/** Whether a sentence can stand as a fact on its own. */
export function isFactCandidate(sentence: string): boolean {
  return sentenceKind(sentence) === 'statement';
}

/**
 * One fact's sentences as one text. A speaker prefix repeated from the sentence before is
 * dropped ("Ana: I ran. Ana: It rained." reads "Ana: I ran. It rained.").
 */
function joinSentences(sentences: readonly string[]): string {
  let text = '';
  let speaker = '';
  for (const sentence of sentences) {
    const prefix = speakerPrefix(sentence);
    const body = prefix !== '' && prefix === speaker ? sentence.slice(prefix.length) : sentence;
    if (prefix !== '') speaker = prefix;
    text = text === '' ? body : `${text} ${body}`;
  }
  return text;
}

interface Draft {
  readonly sentences: string[];
  readonly turnIds: TurnId[];
}

/**
 * Builds a session's facts sentence by sentence (see the module comment). A turn that ends on a
 * question hands it to the next turn's opening sentence as its lead-in ("Melanie: How was the
 * group? Caroline: It was so powerful."), so that an answer keeps what it answers. An assistant
 * turn breaks the link: only the remembered speakers' own words make facts.
 */
function draftFacts(session: Session): Draft[] {
  const drafts: Draft[] = [];
  let open: Draft | undefined; // the fact a continuation or fragment may join
  let waiting: { sentence: string; turnId: TurnId }[] = []; // fragments before a statement
  let question: { sentence: string; turnId: TurnId } | undefined; // the previous turn's last
  const add = (draft: Draft, sentence: string, turnId: TurnId) => {
    draft.sentences.push(sentence);
    if (!draft.turnIds.includes(turnId)) draft.turnIds.push(turnId);
  };
  for (const turn of session.turns) {
    if (turn.speaker !== 'user') {
      [waiting, question] = [[], undefined];
      continue;
    }
    open = undefined;
    let kind: SentenceKind | undefined;
    let last = '';
    for (const sentence of splitSentences(turn.text)) {
      const lead = kind === undefined ? question : undefined;
      kind = sentenceKind(sentence);
      last = sentence;
      const joins = kind === 'continuation' || kind === 'fragment';
      if (lead && (kind === 'statement' || joins)) {
        open = { sentences: [lead.sentence], turnIds: [lead.turnId] };
        add(open, sentence, turn.id);
        drafts.push(open);
      } else if (kind === 'statement' || (kind === 'continuation' && !open && waiting.length > 0)) {
        open = { sentences: [], turnIds: [] };
        for (const w of waiting) add(open, w.sentence, w.turnId);
        add(open, sentence, turn.id);
        drafts.push(open);
        waiting = [];
      } else if (joins && open && open.sentences.length < MAX_SENTENCES_PER_FACT) {
        add(open, sentence, turn.id);
      } else if (kind === 'fragment') {
        open = undefined;
        waiting = [...waiting, { sentence, turnId: turn.id }].slice(1 - MAX_SENTENCES_PER_FACT);
      } else {
        [open, waiting] = [undefined, []];
      }
    }
    waiting = [];
    question = kind === 'question' ? { sentence: last, turnId: turn.id } : undefined;
  }
  return drafts;
}

export function extractiveFactId(sessionId: string, index: number): string {
  return `${sessionId}/e${index}`;
}

/** Extractive facts of one session: same outcome type as LLM extraction, never 'failed'. */
export function extractiveSessionFacts(session: Session): SessionExtraction {
  const byText = new Map<string, { text: string; turnIds: TurnId[] }>();
  for (const draft of draftFacts(session)) {
    const text = joinSentences(draft.sentences);
    const key = text.toLowerCase();
    const seen = byText.get(key);
    if (!seen) byText.set(key, { text, turnIds: [...draft.turnIds] });
    else for (const id of draft.turnIds) if (!seen.turnIds.includes(id)) seen.turnIds.push(id);
  }
  const statements = [...byText.values()].map((f) => ({ ...f, category: 'other' as const }));
  // A session without a statement keeps what the user asked (request-facts.ts).
  const kept =
    statements.length > 0
      ? statements
      : requestDrafts(session).map((r) => ({
          text: r.text,
          turnIds: [r.turnId],
          category: 'request' as const,
        }));
  const facts: Fact[] = kept.map((f, index) => ({
    id: asFactId(extractiveFactId(session.id, index)),
    text: f.text,
    category: f.category,
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
