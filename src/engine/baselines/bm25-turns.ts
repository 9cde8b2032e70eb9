/**
 * BM25 over single turns, the lexical probe the no-LLM tree walk has to beat: every turn of every
 * session ranked by Okapi BM25 (stop words dropped, bm25.ts), taken in order until they span k
 * distinct sessions (the depth recall@k reads). With a session weight λ > 0 a turn's score is
 * interpolated with its session's, as the walk does for facts (tree/lexicon.ts):
 *
 *   score(t) = (1 − λ)·z(BM25(q, t)) + λ·z(BM25(q, session of t))
 *
 * z-scored over all turns and all sessions. No LLM call, no embedding; the answerer gets the turns.
 */
import type { Tokenizer } from '../ports.ts';
import type { Retriever } from '../retrieval.ts';
import { standardise } from '../scores.ts';
import { approximateTokenizer } from '../tokens.ts';
import type { Session } from '../types.ts';
import { throwIfAborted } from '../errors.ts';
import { createBm25Index } from './bm25.ts';
import { cutRanking } from './flat-hybrid.ts';
import { checkK, selectionResult, unitSelection } from './flat-result.ts';
import type { UnitSource } from './flat-topk.ts';
import { sessionText, turnLine } from './session-text.ts';

export interface Bm25TurnsOptions {
  readonly name?: string;
  readonly sessions: readonly Session[];
  /** Distinct sessions the ranked turns are taken until. */
  readonly k: number;
  /** λ, the session's share of a turn's score (default 0: the turn's own BM25). */
  readonly sessionWeight?: number;
  readonly tokenizer?: Tokenizer;
}

export class InvalidSessionWeightError extends RangeError {
  override readonly name = 'InvalidSessionWeightError';
}

export function createBm25TurnsRetriever(options: Bm25TurnsOptions): Retriever {
  const k = checkK(options.k);
  const lambda = options.sessionWeight ?? 0;
  if (!(lambda >= 0 && lambda <= 1))
    throw new InvalidSessionWeightError(`The session weight must be in [0, 1], got ${lambda}`);
  const tokenizer = options.tokenizer ?? approximateTokenizer;
  const turns: UnitSource[] = [];
  const sessionOfTurn: number[] = [];
  options.sessions.forEach((session, s) => {
    for (const turn of session.turns) {
      turns.push({
        id: `${session.id}#${turn.id}`,
        text: turnLine(turn),
        sessionIds: [session.id],
      });
      sessionOfTurn.push(s);
    }
  });
  const turnIndex = createBm25Index(turns.map((t) => t.text));
  const sessionIndex = lambda > 0 ? createBm25Index(options.sessions.map(sessionText)) : undefined;
  return {
    name: options.name ?? (lambda > 0 ? 'bm25-turns-sessions' : 'bm25-turns'),
    async retrieve(query, retrieveOptions = {}) {
      throwIfAborted(retrieveOptions.signal);
      const own = turnIndex.scores(query);
      let scores = own;
      if (sessionIndex) {
        const sessions = standardise(sessionIndex.scores(query));
        scores = standardise(own).map(
          (z, i) => (1 - lambda) * z + lambda * (sessions[sessionOfTurn[i] ?? -1] ?? 0),
        );
      }
      // As BM25 does, a turn sharing no term with the question is never retrieved.
      const ranked = turns
        .map((unit, i) => ({ unit, i, sessionIds: unit.sessionIds, score: scores[i] ?? 0 }))
        .filter(({ i }) => (own[i] ?? 0) > 0)
        .sort((a, b) => b.score - a.score || a.i - b.i);
      const selections = cutRanking(ranked, k, 'sessions').map(({ unit, score }) =>
        unitSelection(unit, score),
      );
      return selectionResult(selections, tokenizer, retrieveOptions);
    },
  };
}
