/**
 * A deterministic memory tree without clustering, for tests and benchmarks that need a realistic
 * shape fast: facts in order, leaves of k, grouped again until at most L roots, each summary its
 * central member.
 */
import { leafCohesion } from '../tree/cohesion.ts';
import { CLUSTER_SIZE, MAX_ROOTS } from '../tree/constants.ts';
import { TreeDraft } from '../tree/draft.ts';
import { centralMember } from '../tree/summarise.ts';
import type { EmbeddedFact, MemoryTree, NodeId } from '../types.ts';

export function chunkedTree(facts: readonly EmbeddedFact[], seed = 42): MemoryTree {
  const draft = TreeDraft.empty();
  let level: NodeId[] = facts.map((f) => {
    const { embedding, ...fact } = f;
    return draft.addFact(fact, embedding).id;
  });
  let height = 0;
  while (level.length > MAX_ROOTS) {
    height++;
    const next: NodeId[] = [];
    for (let i = 0; i < level.length; i += CLUSTER_SIZE) {
      const members = level.slice(i, i + CLUSTER_SIZE).map((id) => draft.node(id));
      const centre = centralMember(members);
      next.push(
        draft.addSummary(
          height,
          centre.text,
          centre.embedding,
          members.map((m) => m.id),
        ).id,
      );
    }
    level = next;
  }
  const cohesion = leafCohesion(draft.levels[1] ?? [], (id) => draft.node(id));
  return draft.freeze(
    { seed, factCount: facts.length, leafCohesion: cohesion.mean, leafCohesionStd: cohesion.std },
    0,
  );
}
