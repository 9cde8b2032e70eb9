/**
 * The oracle judge as an LLM judge would be: told the ground truth (a node is relevant iff its
 * subtree holds evidence), but counting the LLM calls that the judge it stands in for would
 * spend (one per node for `llm`, one per sibling group for `llm-listwise`), and optionally
 * noisy: each verdict flips with probability `noise`, drawn from a seeded Rng. It measures the
 * tree's search cost and ceiling independent of any model.
 */
import type { Rng } from '../ports.ts';
import { oracleJudge, type NodeJudge, type OracleTruth } from '../tree/judges.ts';
import type { Fact, FactId, SessionId, TurnId } from '../types.ts';

export interface CountedOracleOptions {
  readonly truth: OracleTruth;
  /** Which LLM judge's call pattern to count: one call per node, or per sibling group. */
  readonly unit: 'node' | 'group';
  /** Probability each verdict is flipped (0 to 1; default 0). */
  readonly noise?: number;
  /** Needed when noise > 0: the same seed flips the same verdicts. */
  readonly rng?: Rng;
}

export class OracleNoiseError extends RangeError {
  override readonly name = 'OracleNoiseError';
}

export function countedOracleJudge(options: CountedOracleOptions): NodeJudge {
  const noise = options.noise ?? 0;
  if (!(noise >= 0 && noise <= 1))
    throw new OracleNoiseError(`--oracle-noise must be between 0 and 1, got ${noise}`);
  const rng = options.rng;
  if (noise > 0 && !rng)
    throw new OracleNoiseError('A noisy oracle needs a seeded Rng: pass options.rng');
  const inner = oracleJudge(options.truth);
  return {
    name: 'oracle',
    unit: options.unit,
    callsFor: (groups) =>
      options.unit === 'node'
        ? groups.reduce((n, g) => n + g.length, 0)
        : groups.filter((g) => g.length > 0).length,
    async judge(groups, ctx) {
      const verdicts = await inner.judge(groups, ctx);
      if (noise === 0 || !rng) return verdicts;
      return verdicts.map((v) =>
        rng.next() < noise
          ? { ...v, keep: !v.keep, reason: `${v.reason} (flipped by oracle noise)` }
          : v,
      );
    },
  };
}

/**
 * Ground truth for the oracle: the facts drawn from the evidence turns (turn-level, when the
 * benchmark has turns), plus the whole evidence sessions that no such fact covers.
 */
export function oracleTruth(
  facts: Iterable<Fact>,
  evidenceSessions: readonly SessionId[],
  evidenceTurns: readonly TurnId[] | undefined,
): { factIds: FactId[]; sessionIds: SessionId[] } {
  if (!evidenceTurns || evidenceTurns.length === 0)
    return { factIds: [], sessionIds: [...evidenceSessions] };
  const turns = new Set<string>(evidenceTurns);
  const factIds: FactId[] = [];
  const covered = new Set<SessionId>();
  for (const fact of facts) {
    for (const source of fact.sources) {
      if (source.turnIds.some((t) => turns.has(t))) {
        factIds.push(fact.id);
        covered.add(source.sessionId);
      }
    }
  }
  return {
    factIds: [...new Set(factIds)],
    sessionIds: evidenceSessions.filter((s) => !covered.has(s)),
  };
}
