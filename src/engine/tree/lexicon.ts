/**
 * The lexical side of the hybrid tree judge: BM25 (the shared Okapi BM25 of baselines/bm25.ts)
 * over the facts of a tree and over its sessions, and a fact's lexical evidence for a question:
 * its own BM25 interpolated with its session's (passage/document score interpolation):
 *
 *   evidence(f) = (1 − λ)·z(BM25(q, f)) + λ·mean over f's sessions s of z(BM25(q, s))
 *
 * z-scored over the tree's facts and sessions. A session's text is its whole transcript when the
 * memory keeps it (`SessionTexts`: the questions, greetings and asides that extraction dropped
 * still say what the session was about), else its facts, joined. A fact in a session that
 * matches the question as a whole rises, even when the fact itself names only part of it. A
 * node's lexical score is the best evidence of any fact under it.
 *
 * The indexes are derived from the facts and the transcripts (no per-node text is stored), built
 * lazily once per tree and transcripts and cached: trees are immutable, so inserting facts yields
 * a new tree whose indexes are built on its first query, and no insert, split or edit code has
 * anything to keep in sync.
 * Per question, the facts are scored once and node scores are memoised, so a walk's levels
 * share the work.
 */
import { createBm25Index, type Bm25Index } from '../baselines/bm25.ts';
import { sessionText } from '../baselines/session-text.ts';
import { standardise } from '../scores.ts';
import type { FactId, MemoryTree, NodeId, Session, SessionId, Vector } from '../types.ts';
import { dotF32, norm } from '../vector.ts';
import { nodeOf } from './subtree.ts';

/**
 * λ, the share of the session's BM25 in a fact's lexical evidence. Tuned without an LLM on LoCoMo
 * dev (tree walk, beam 4, sessions as their facts): recall@5 0.786–0.797 for λ from 0.4 to 0.6
 * and cosine weights 0.1 to 0.3, against 0.764 with λ = 0. Over whole transcripts it is flat:
 * 0.811–0.812 for λ from 0.4 to 0.7 (beam 4, w 0.35).
 */
export const DEFAULT_SESSION_WEIGHT = 0.5;

/** The transcript of each session a memory was built from, as one text (see the module comment). */
export type SessionTexts = ReadonlyMap<SessionId, string>;

/** Each session's transcript as BM25 over sessions reads it: the session side of the evidence. */
export function sessionTexts(sessions: Iterable<Session>): SessionTexts {
  const texts = new Map<SessionId, string>();
  for (const session of sessions) texts.set(session.id, sessionText(session));
  return texts;
}

/** The session BM25 ranks first for a question, and the share of the question's words it holds. */
export interface LexicalMatch {
  /** In [0, 1]: see `Bm25Index.matchedShare`; 0 when no session shares a word with the question. */
  readonly share: number;
  readonly session?: SessionId;
}

export interface FactCosines {
  readonly ids: readonly FactId[];
  readonly cosines: Float64Array;
}

export interface TreeLexicon {
  /** The lexical evidence of `question` for one fact (see the module comment). */
  factScore(question: string, factId: FactId, sessionWeight?: number): number;
  /** The best evidence of `question` for any fact under `node`. */
  nodeScore(question: string, node: NodeId, sessionWeight?: number): number;
  /**
   * How much lexical signal `question` has in this memory, in [0, 1]: the share of its idf mass
   * found in the session that matches it best by BM25 (lexical-signal.ts says how it is used).
   */
  lexicalSignal(question: string): LexicalMatch;
  /** The embedding of a fact's level-0 node. */
  factVector(factId: FactId): Vector | undefined;
  /** Every fact's embedding (its level-0 node's), in no particular order. */
  factVectors(): readonly Vector[];
  /**
   * Every fact's cosine to `query`, in `factVectors()` order with their ids, kept for the last
   * query: the lexical signal and the question's feedback both read them (30,000 facts: one dot
   * product each, not the three of separate `cosine` calls, once, not twice).
   */
  factCosines(query: Vector): FactCosines;
  /** The facts a session gave, in the tree's order. */
  sessionFacts(session: SessionId): ReadonlySet<FactId>;
  /**
   * Builds now what the first question would otherwise build (a profile just opened): the BM25
   * indexes and their postings, every fact's norm and the nodes' layout.
   */
  prepare(): void;
}

interface QueryScores {
  readonly key: string;
  readonly facts: readonly number[];
  /** What a node without facts scores: the lowest evidence there is. */
  readonly floor: number;
  /** Every node's score by its NodeLayout position, worked out on the first node asked for. */
  nodes?: Float64Array;
}

/**
 * The tree's nodes laid out for one bottom-up pass per question: positions in level order
 * (children before their parents), each node's fact position (−1: none) and children. At
 * 36,000 nodes a memoised recursion per question took tens of milliseconds; this pass, one.
 */
interface NodeLayout {
  readonly position: ReadonlyMap<NodeId, number>;
  readonly factAt: Int32Array;
  readonly childStart: Int32Array;
  readonly children: Int32Array;
}

function layOutNodes(tree: MemoryTree, factPosition: ReadonlyMap<FactId, number>): NodeLayout {
  const ids = tree.levels.flat();
  const position = new Map(ids.map((id, i) => [id, i]));
  const factAt = new Int32Array(ids.length).fill(-1);
  const childStart = new Int32Array(ids.length + 1);
  const children: number[] = [];
  ids.forEach((id, i) => {
    const node = nodeOf(tree, id);
    if (node.factId !== undefined) factAt[i] = factPosition.get(node.factId) ?? -1;
    childStart[i] = children.length;
    for (const child of node.children) {
      const at = position.get(child);
      if (at === undefined || at >= i) throw new Error(`node ${child} is not below ${id}`);
      children.push(at);
    }
  });
  childStart[ids.length] = children.length;
  return { position, factAt, childStart, children: Int32Array.from(children) };
}

interface Indexes {
  readonly facts: Bm25Index;
  readonly sessions: Bm25Index;
  /** The session of each document of `sessions`. */
  readonly sessionIds: readonly SessionId[];
  /** Per fact (in fact order), the positions of its sessions in the session index. */
  readonly sessionsOfFact: readonly (readonly number[])[];
}

const lexicons = new WeakMap<MemoryTree, { texts?: SessionTexts; lexicon: TreeLexicon }>();

/**
 * The tree's lexicon over the given transcripts (without them, each session's facts), built on
 * first use and cached for the tree's lifetime while it is asked with the same transcripts.
 */
export function treeLexicon(tree: MemoryTree, texts?: SessionTexts): TreeLexicon {
  const cached = lexicons.get(tree);
  if (cached && cached.texts === texts) return cached.lexicon;
  const lexicon = buildLexicon(tree, texts);
  lexicons.set(tree, texts ? { texts, lexicon } : { lexicon });
  return lexicon;
}

/** Hands `from`'s lexicon to `to`, the same tree with other summary texts (relabelled.ts). */
export function keepLexiconFor(to: MemoryTree, from: MemoryTree): void {
  const kept = lexicons.get(from);
  if (kept && !lexicons.has(to)) lexicons.set(to, kept);
}

function buildIndexes(
  tree: MemoryTree,
  factIds: readonly FactId[],
  texts: SessionTexts | undefined,
): Indexes {
  const position = new Map<string, number>();
  const sessionIds: SessionId[] = [];
  const factTexts: string[][] = [];
  const sessionsOfFact = factIds.map((id) => {
    const fact = tree.facts.get(id);
    const sessions = new Set(fact?.sources.map((s) => s.sessionId) ?? []);
    return [...sessions].map((sessionId) => {
      let at = position.get(sessionId);
      if (at === undefined) {
        position.set(sessionId, (at = sessionIds.push(sessionId) - 1));
        factTexts.push([]);
      }
      factTexts[at]?.push(fact?.text ?? '');
      return at;
    });
  });
  return {
    facts: createBm25Index(factIds.map((id) => tree.facts.get(id)?.text ?? '')),
    sessions: createBm25Index(
      sessionIds.map((id, at) => texts?.get(id) ?? (factTexts[at] ?? []).join('\n')),
    ),
    sessionIds,
    sessionsOfFact,
  };
}

function buildLexicon(tree: MemoryTree, texts: SessionTexts | undefined): TreeLexicon {
  const factIds = [...tree.facts.keys()];
  const position = new Map(factIds.map((id, i) => [id, i]));
  const vectors = new Map<FactId, Vector>();
  for (const node of tree.nodes.values())
    if (node.factId !== undefined) vectors.set(node.factId, node.embedding);
  let indexes: Indexes | undefined;
  let allVectors: Vector[] | undefined;
  const factVectors = () => (allVectors ??= [...vectors.values()]);
  // Each fact's norm, worked out once: a question's cosines are then one dot product a fact, the
  // same arithmetic as `cosine` (so the same numbers to the last bit).
  let normed: { ids: FactId[]; norms: Float64Array } | undefined;
  const withNorms = () =>
    (normed ??= { ids: [...vectors.keys()], norms: Float64Array.from(factVectors(), norm) });
  let bySession: Map<SessionId, Set<FactId>> | undefined;
  let lastCosines: { query: Vector; out: FactCosines } | undefined;
  const factCosines = (query: Vector): FactCosines => {
    if (lastCosines?.query === query) return lastCosines.out;
    const { ids, norms } = withNorms();
    const all = factVectors();
    const q = norm(query);
    const cosines = new Float64Array(ids.length);
    for (let r = 0; r < ids.length; r++) {
      const d = (norms[r] as number) * q;
      if (d === 0) continue;
      const v = all[r] as Vector;
      cosines[r] = dotF32(v, 0, query, v.length) / d;
    }
    lastCosines = { query, out: { ids, cosines } };
    return lastCosines.out;
  };
  const prepare = () => (indexes ??= buildIndexes(tree, factIds, texts));
  // Built on the first node score; a tree whose levels do not hold its nodes in order (never
  // written by Grove) keeps the recursion, which names the broken reference.
  let layout: NodeLayout | null | undefined;
  const nodeLayout = (): NodeLayout | null => {
    if (layout === undefined) {
      try {
        layout = layOutNodes(tree, position);
      } catch {
        layout = null;
      }
    }
    return layout;
  };
  // One question at a time is memoised (a walk asks level after level about the same question).
  let last: QueryScores | undefined;

  const scoresFor = (question: string, sessionWeight: number): QueryScores => {
    const key = `${sessionWeight}\u0000${question}`;
    if (last?.key === key) return last;
    const { facts: factIndex, sessions: sessionIndex, sessionsOfFact } = prepare();
    const own = factIndex.scores(question);
    // λ = 0 is plain BM25 (0: no shared term); otherwise z-scores, interpolated.
    let facts = own;
    if (sessionWeight > 0) {
      const sessions = standardise(sessionIndex.scores(question));
      const ofFact = sessionsOfFact;
      const z = standardise(own);
      facts = new Array<number>(z.length);
      for (let i = 0; i < z.length; i++) {
        // mean over the fact's sessions, summed in order as `mean` does
        const of = ofFact[i] ?? [];
        let sum = 0;
        for (const s of of) sum += sessions[s] ?? 0;
        const sessionMean = of.length === 0 ? 0 : sum / of.length;
        facts[i] = (1 - sessionWeight) * (z[i] as number) + sessionWeight * sessionMean;
      }
    }
    const floor = sessionWeight === 0 ? 0 : facts.reduce((a, b) => Math.min(a, b), 0);
    last = { key, facts, floor };
    return last;
  };
  const factScore = (scores: QueryScores, id: FactId | undefined): number => {
    const i = id === undefined ? undefined : position.get(id);
    return i === undefined ? scores.floor : (scores.facts[i] ?? scores.floor);
  };
  /** Every node's best evidence, children first: one pass over the layout. */
  const allNodeScores = (scores: QueryScores, { factAt, childStart, children }: NodeLayout) => {
    const out = new Float64Array(factAt.length);
    for (let i = 0; i < factAt.length; i++) {
      const f = factAt[i] as number;
      let best = f < 0 ? scores.floor : (scores.facts[f] ?? scores.floor);
      for (let c = childStart[i] as number; c < (childStart[i + 1] as number); c++) {
        best = Math.max(best, out[children[c] as number] as number);
      }
      out[i] = best;
    }
    return out;
  };
  const recursiveNodeScore = (scores: QueryScores, id: NodeId): number => {
    const node = nodeOf(tree, id);
    let best = factScore(scores, node.factId);
    for (const child of node.children) best = Math.max(best, recursiveNodeScore(scores, child));
    return best;
  };
  const nodeScore = (scores: QueryScores, id: NodeId): number => {
    const laid = nodeLayout();
    const at = laid?.position.get(id);
    if (!laid || at === undefined) return recursiveNodeScore(scores, id);
    scores.nodes ??= allNodeScores(scores, laid);
    return scores.nodes[at] as number;
  };
  const weight = (w: number | undefined) => w ?? DEFAULT_SESSION_WEIGHT;
  let lastSignal: { question: string; match: LexicalMatch } | undefined;
  const lexicalSignal = (question: string): LexicalMatch => {
    if (lastSignal?.question === question) return lastSignal.match;
    const { sessions, sessionIds } = prepare();
    const scores = sessions.scores(question);
    let best = -1;
    scores.forEach((score, i) => {
      if (score > 0 && (best < 0 || score > (scores[best] as number))) best = i;
    });
    const session = sessionIds[best];
    const match: LexicalMatch =
      best < 0 || session === undefined
        ? { share: 0 }
        : { share: sessions.matchedShare(question, best), session };
    lastSignal = { question, match };
    return match;
  };
  return {
    lexicalSignal,
    factScore: (question, id, w) => factScore(scoresFor(question, weight(w)), id),
    nodeScore: (question, id, w) => nodeScore(scoresFor(question, weight(w)), id),
    factVector: (id) => vectors.get(id),
    factVectors,
    factCosines,
    sessionFacts: (session) => {
      if (!bySession) {
        bySession = new Map();
        for (const fact of tree.facts.values())
          for (const { sessionId } of fact.sources) {
            let of = bySession.get(sessionId);
            if (!of) bySession.set(sessionId, (of = new Set()));
            of.add(fact.id);
          }
      }
      return bySession.get(session) ?? new Set();
    },
    prepare: () => {
      const { facts, sessions } = prepare();
      facts.prepare();
      sessions.prepare();
      withNorms();
      nodeLayout();
    },
  };
}
