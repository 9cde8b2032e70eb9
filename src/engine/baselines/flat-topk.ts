/**
 * Flat embedding retrieval ("RAG"): the k units closest to the query by cosine. A unit is a fact,
 * a raw session or a session summary; the corpus is embedded once, in batches, when the
 * retriever is created, and each query costs one embedding call and no LLM call.
 */
import type { EmbedderPort, Tokenizer } from '../ports.ts';
import type { Retriever } from '../retrieval.ts';
import type { Fact, FactId, Session, SessionId, Vector } from '../types.ts';
import { approximateTokenizer } from '../tokens.ts';
import { cosine } from '../vector.ts';
import { throwIfAborted } from '../errors.ts';
import { checkK, selectionResult, unitSelection } from './flat-result.ts';
import type { SessionSummary } from './session-summaries.ts';
import { sessionChunks, sessionText } from './session-text.ts';

/** A retrievable unit before embedding. */
export interface UnitSource {
  readonly id: string;
  /** What the answering LLM sees when this unit is retrieved. */
  readonly text: string;
  readonly sessionIds: readonly SessionId[];
  readonly factIds?: readonly FactId[];
  /** Texts to embed for this unit (default: `[text]`); the unit scores as its best chunk. */
  readonly chunks?: readonly string[];
  /** Precomputed embeddings (one per chunk), used as is: they must come from the query's embedder. */
  readonly embeddings?: readonly Vector[];
}

/** A unit with its embeddings (one per chunk). */
export interface FlatUnit extends Omit<UnitSource, 'chunks' | 'embeddings'> {
  readonly embeddings: readonly Vector[];
}

export class EmbeddingCountError extends Error {
  override readonly name = 'EmbeddingCountError';
  constructor(embedderId: string, asked: number, got: number) {
    super(
      `Embedder "${embedderId}" returned ${got} vectors for ${asked} texts; check the embedding adapter.`,
    );
  }
}

const distinct = <T>(values: Iterable<T>): T[] => [...new Set(values)];

/** One unit per fact; its sessions are the sessions of its provenance sources. */
export function unitsFromFacts(facts: readonly Fact[]): UnitSource[] {
  return facts.map((fact) => ({
    id: fact.id,
    text: fact.text,
    sessionIds: distinct(fact.sources.map((s) => s.sessionId)),
    factIds: [fact.id],
  }));
}

export interface SessionUnitOptions {
  /** Longest chunk to embed, in tokens (default 256: the input limit of small embedding models). */
  readonly maxChunkTokens?: number;
  readonly tokenizer?: Tokenizer;
}

/**
 * One unit per raw session, its text the `speaker: text` lines. A long session would be
 * truncated or diluted by the embedder, so it is embedded in chunks of whole turns of at most
 * `maxChunkTokens`, and the session scores as its best-matching chunk (the whole session is
 * still what gets retrieved).
 */
export function unitsFromSessions(
  sessions: readonly Session[],
  options: SessionUnitOptions = {},
): UnitSource[] {
  const maxChunkTokens = checkK(options.maxChunkTokens ?? 256, 'maxChunkTokens');
  const tokenizer = options.tokenizer ?? approximateTokenizer;
  return sessions.map((session) => {
    const text = sessionText(session);
    const chunks =
      tokenizer.count(text) > maxChunkTokens
        ? sessionChunks(session, maxChunkTokens, tokenizer)
        : [text];
    return { id: session.id, text, sessionIds: [session.id], chunks };
  });
}

/** One unit per session summary (fallback summaries included: they are flagged, not dropped). */
export function unitsFromSummaries(summaries: readonly SessionSummary[]): UnitSource[] {
  return summaries.map((s) => ({ id: s.sessionId, text: s.text, sessionIds: [s.sessionId] }));
}

export interface EmbedUnitsOptions {
  /** Texts per embedder call (default 32). */
  readonly batchSize?: number;
  readonly signal?: AbortSignal;
}

/** Embeds every chunk of every unit, in batches; units with precomputed embeddings are kept as is. */
export async function embedUnits(
  embedder: EmbedderPort,
  sources: readonly UnitSource[],
  options: EmbedUnitsOptions = {},
): Promise<FlatUnit[]> {
  const batchSize = checkK(options.batchSize ?? 32, 'batchSize');
  const pending: { unit: number; text: string }[] = [];
  sources.forEach((source, unit) => {
    if (source.embeddings) return;
    for (const text of source.chunks ?? [source.text]) pending.push({ unit, text });
  });
  const vectors: Vector[][] = sources.map((s) => [...(s.embeddings ?? [])]);
  for (let start = 0; start < pending.length; start += batchSize) {
    throwIfAborted(options.signal);
    const batch = pending.slice(start, start + batchSize);
    const embedded = await embedder.embed(
      batch.map((p) => p.text),
      options.signal,
    );
    if (embedded.length !== batch.length) {
      throw new EmbeddingCountError(embedder.id, batch.length, embedded.length);
    }
    batch.forEach((p, i) => vectors[p.unit]?.push(embedded[i] as Vector));
  }
  throwIfAborted(options.signal);
  return sources.map(({ chunks: _chunks, embeddings: _embeddings, ...unit }, i) => ({
    ...unit,
    embeddings: vectors[i] ?? [],
  }));
}

/** A unit's score: its best chunk's cosine with the query (-Infinity for a unit with no vectors). */
export function unitScore(unit: FlatUnit, query: Vector): number {
  let best = -Infinity;
  for (const v of unit.embeddings) best = Math.max(best, cosine(v, query));
  return best;
}

export interface FlatTopKOptions {
  readonly name?: string;
  readonly embedder: EmbedderPort;
  readonly units: readonly UnitSource[];
  readonly k: number;
  readonly tokenizer?: Tokenizer;
  readonly batchSize?: number;
  /** Cancels the corpus embedding. */
  readonly signal?: AbortSignal;
}

/** Ranks already-embedded units; ties keep corpus order. */
export function flatTopKRetriever(
  name: string,
  embedder: EmbedderPort,
  units: readonly FlatUnit[],
  k: number,
  tokenizer: Tokenizer = approximateTokenizer,
): Retriever {
  checkK(k);
  return {
    name,
    async retrieve(query, options = {}) {
      throwIfAborted(options.signal);
      const [q] = await embedder.embed([query], options.signal);
      throwIfAborted(options.signal);
      if (!q) throw new EmbeddingCountError(embedder.id, 1, 0);
      const ranked = units
        .map((unit, index) => ({ unit, index, score: unitScore(unit, q) }))
        .sort((a, b) => b.score - a.score || a.index - b.index)
        .slice(0, k);
      const selections = ranked.map(({ unit, score }) => unitSelection(unit, score));
      return selectionResult(selections, tokenizer, options);
    },
  };
}

/** Embeds the corpus once (in batches), then answers queries by cosine top-k. */
export async function createFlatTopK(options: FlatTopKOptions): Promise<Retriever> {
  checkK(options.k);
  const units = await embedUnits(options.embedder, options.units, {
    ...(options.batchSize !== undefined ? { batchSize: options.batchSize } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return flatTopKRetriever(
    options.name ?? 'flat-topk',
    options.embedder,
    units,
    options.k,
    options.tokenizer ?? approximateTokenizer,
  );
}
