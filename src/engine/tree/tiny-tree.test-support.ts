/**
 * A small hand-made memory tree with known structure, for retrieval and insert tests:
 *   life  ── home (s1: Oslo flat)      ── 2 facts
 *         └─ food (s2: vegetarian...)  ── 2 facts
 *   sport ── run  (s3: marathon)       ── 2 facts
 *         └─ knee (s4: injury)         ── 2 facts
 */
import type { EmbedderPort } from '../ports.ts';
import {
  asFactId,
  asSessionId,
  asTurnId,
  type Fact,
  type MemoryTree,
  type NodeId,
} from '../types.ts';
import { leafCohesion } from './cohesion.ts';
import { TreeDraft } from './draft.ts';

const LEAVES = [
  {
    summary: 'Home: the user lives in an Oslo flat.',
    session: 's1',
    facts: ['The user lives in Oslo.', 'The user rents a flat in Grünerløkka with a partner.'],
  },
  {
    summary: 'Food: the user is vegetarian and the partner has a peanut allergy.',
    session: 's2',
    facts: [
      'The user has been vegetarian for ten years.',
      "The user's partner is allergic to peanuts.",
    ],
  },
  {
    summary: 'Running: the user trains for the Oslo marathon.',
    session: 's3',
    facts: [
      'The user is training for a marathon in September.',
      'The user goes running four times a week.',
    ],
  },
  {
    summary: 'Knee injury: the user must stop running for two months.',
    session: 's4',
    facts: [
      'The user twisted a knee on ice.',
      'The physiotherapist said no running for two months.',
    ],
  },
] as const;

const ROOTS = [
  { summary: 'Daily life: home in Oslo and vegetarian food.', leaves: [0, 1] },
  { summary: 'Sport: running, marathon training and a knee injury.', leaves: [2, 3] },
] as const;

export async function tinyTree(embedder: EmbedderPort): Promise<MemoryTree> {
  const draft = TreeDraft.empty();
  const embed = async (text: string) => (await embedder.embed([text]))[0] as Float32Array;
  const leafIds: NodeId[] = [];
  for (const [l, leaf] of LEAVES.entries()) {
    const factIds: NodeId[] = [];
    for (const [i, text] of leaf.facts.entries()) {
      const fact: Fact = {
        id: asFactId(`${leaf.session}/f${i}`),
        text,
        category: 'other',
        sources: [
          { sessionId: asSessionId(leaf.session), turnIds: [asTurnId(`${leaf.session}:${i + 1}`)] },
        ],
      };
      factIds.push(draft.addFact(fact, await embed(text)).id);
    }
    leafIds[l] = draft.addSummary(1, leaf.summary, await embed(leaf.summary), factIds).id;
  }
  for (const root of ROOTS) {
    draft.addSummary(
      2,
      root.summary,
      await embed(root.summary),
      root.leaves.map((l) => leafIds[l]!),
    );
  }
  const cohesion = leafCohesion(draft.levels[1] ?? [], (id) => draft.node(id));
  return draft.freeze(
    { seed: 0, factCount: 8, leafCohesion: cohesion.mean, leafCohesionStd: cohesion.std },
    0,
  );
}
