/**
 * Memory activation (MAP §4.2): the current session's intent description is embedded and
 * compared (cosine) with every stored unit's intent description; the closest units activate.
 */
import { throwIfAborted } from '../errors.ts';
import type { EmbedderPort } from '../ports.ts';
import type { Vector } from '../types.ts';
import { cosine } from '../vector.ts';
import { keyText } from './key-text.ts';
import type { ActivatedUnit, TaskMemoryUnit } from './types.ts';

/** Unit intent embeddings by unit id (embed once, activate many times). */
export type IntentVectors = ReadonlyMap<string, Vector>;

export async function embedIntents(
  units: readonly TaskMemoryUnit[],
  embedder: EmbedderPort,
  signal?: AbortSignal,
): Promise<Map<string, Vector>> {
  throwIfAborted(signal);
  const vectors =
    units.length === 0
      ? []
      : await embedder.embed(
          units.map((u) => keyText(u.activationText ?? u.intent)),
          signal,
        );
  return new Map(units.flatMap((u, i) => (vectors[i] ? [[u.id, vectors[i]] as const] : [])));
}

/** Thrown when a unit has no intent vector: embed it with `embedIntents` first. */
export class MissingIntentVectorError extends Error {
  override readonly name = 'MissingIntentVectorError';
}

/** The current intent's embedding (same key text as the units'). */
export async function embedIntent(
  intent: string,
  embedder: EmbedderPort,
  signal?: AbortSignal,
): Promise<Vector> {
  const [query] = await embedder.embed([keyText(intent)], signal);
  if (!query)
    throw new MissingIntentVectorError('The embedder returned no vector for the current intent.');
  return query;
}

/**
 * Every candidate unit ranked by cosine to `intent` (best first; ties keep the given order),
 * at most `limit` (default all).
 */
export function activateUnits(
  intent: Vector,
  units: readonly TaskMemoryUnit[],
  vectors: IntentVectors,
  limit = Number.POSITIVE_INFINITY,
): ActivatedUnit[] {
  return units
    .map((unit, i) => {
      const v = vectors.get(unit.id);
      if (!v)
        throw new MissingIntentVectorError(
          `Task memory unit ${unit.id} has no intent embedding; embed the units (embedIntents) before activating them.`,
        );
      return { unit, score: cosine(intent, v), i };
    })
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, limit)
    .map(({ unit, score }) => ({ unit, score }));
}

/** Embeds the current intent and activates the units against it. */
export async function activate(
  intent: string,
  units: readonly TaskMemoryUnit[],
  embedder: EmbedderPort,
  options: {
    readonly vectors?: IntentVectors;
    readonly limit?: number;
    readonly signal?: AbortSignal;
  } = {},
): Promise<ActivatedUnit[]> {
  const vectors = options.vectors ?? (await embedIntents(units, embedder, options.signal));
  const query = await embedIntent(intent, embedder, options.signal);
  return activateUnits(query, units, vectors, options.limit);
}
