/**
 * A synthetic memory forest of any size, for the tree view's benchmark and the tree view's and
 * the store's tests: facts grouped six to a leaf summary, summaries grouped until at most
 * fifteen roots remain (the engine's k and L), with hashed-word embeddings so the real tree
 * retriever can walk it. Deterministic.
 */
import { HashEmbedder } from './hash-embedder.ts';
import { TreeDraft } from '../tree/draft.ts';
import { asFactId, asSessionId, asTurnId, type MemoryTree, type NodeId } from '../types.ts';

const TOPICS = [
  'hiking',
  'sourdough',
  'cello',
  'birds',
  'japanese',
  'garden',
  'running',
  'chess',
  'painting',
  'cycling',
  'knitting',
  'coffee',
  'travel',
  'camping',
  'poetry',
  'pottery',
  'sailing',
  'tennis',
  'cooking',
  'climbing',
  'photography',
  'astronomy',
  'football',
  'yoga',
  'swimming',
  'theatre',
  'podcasts',
  'volunteering',
  'woodwork',
  'baking',
] as const;
const VERBS = ['enjoys', 'plans', 'mentioned', 'bought', 'talked about', 'started'] as const;
const K = 6;
const L = 15;

export function syntheticForest(factCount: number, dimension = 64): MemoryTree {
  const embedder = new HashEmbedder({ dimension });
  const draft = TreeDraft.empty();
  let level: NodeId[] = [];
  const topicsOf = new Map<NodeId, readonly string[]>();
  for (let i = 0; i < factCount; i++) {
    const topic = TOPICS[Math.floor(i / K) % TOPICS.length] as string;
    const text = `The user ${VERBS[i % VERBS.length]} ${topic} session ${i % 97} detail ${i}.`;
    const session = asSessionId(`S${Math.floor(i / 4)}`);
    const fact = {
      id: asFactId(`F${i}`),
      text,
      category: 'event' as const,
      sources: [{ sessionId: session, turnIds: [asTurnId(`${session}:1`)], time: '2026-01-01' }],
    };
    const id = draft.addFact(fact, embedder.embedOne(text)).id;
    topicsOf.set(id, [topic]);
    level.push(id);
  }
  for (let lv = 1; level.length > L; lv++) {
    const next: NodeId[] = [];
    for (let start = 0; start < level.length; start += K) {
      const members = level.slice(start, start + K);
      const topics = [...new Set(members.flatMap((id) => topicsOf.get(id) ?? []))];
      const text = `The user talked about ${topics.slice(0, 8).join(', ')}${topics.length > 8 ? ' and more' : ''}.`;
      const id = draft.addSummary(lv, text, embedder.embedOne(text), members).id;
      topicsOf.set(id, topics);
      next.push(id);
    }
    level = next;
  }
  return draft.freeze({ seed: 1, factCount, leafCohesion: 1, leafCohesionStd: 0 }, 0);
}

export const syntheticEmbedder = (dimension = 64) => new HashEmbedder({ dimension });
