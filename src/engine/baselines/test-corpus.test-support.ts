/**
 * Test support for the baseline tests only: a hand-made corpus and a keyword embedder whose
 * cosines can be worked out by hand (one dimension per vocabulary word, word counts, normalised).
 */
import { throwIfAborted } from '../errors.ts';
import type { EmbedderPort } from '../ports.ts';
import {
  asFactId,
  asNodeId,
  asSessionId,
  asTurnId,
  type Fact,
  type MemoryTree,
  type NodeId,
  type Session,
  type Speaker,
  type TreeNode,
  type Vector,
} from '../types.ts';
import { normalize } from '../vector.ts';

export const VOCABULARY = ['dog', 'rain', 'marathon', 'oslo', 'coffee', 'tea'] as const;

/** Word-count vector over VOCABULARY (exact lower-case words), normalised; zero if none occur. */
export function keywordVector(text: string): Vector {
  const counts = VOCABULARY.map(() => 0);
  for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    const i = (VOCABULARY as readonly string[]).indexOf(word);
    if (i >= 0) counts[i]! += 1;
  }
  return normalize(counts);
}

export interface RecordingEmbedder extends EmbedderPort {
  /** The texts of each embed call, in order. */
  readonly calls: string[][];
}

export function keywordEmbedder(): RecordingEmbedder {
  const calls: string[][] = [];
  return {
    id: 'keyword-test-embedder',
    dimension: VOCABULARY.length,
    calls,
    async embed(texts, signal) {
      throwIfAborted(signal);
      calls.push([...texts]);
      return texts.map(keywordVector);
    },
  };
}

const session = (id: string, turns: readonly [Speaker, string][], time?: string): Session => ({
  id: asSessionId(id),
  ...(time ? { time } : {}),
  turns: turns.map(([speaker, text], i) => ({ id: asTurnId(`${id}-t${i + 1}`), speaker, text })),
});

export const S1 = session('s1', [
  ['user', 'I adopted a dog named Rex last spring.'],
  ['assistant', 'Congratulations on Rex!'],
]);
export const S2 = session('s2', [
  ['user', 'I am training for a marathon in Oslo.'],
  ['assistant', 'Good luck with the training.'],
]);
export const S3 = session('s3', [
  ['user', 'My dog hates the rain.'],
  ['assistant', 'Try a raincoat for him.'],
]);
export const S4 = session('s4', [
  ['user', 'I switched from coffee to green tea.'],
  ['assistant', 'Green tea has less caffeine.'],
]);
export const EMPTY = session('s-empty', []);
export const SESSIONS: readonly Session[] = [S1, S2, S3, S4];

const fact = (id: string, text: string, sessions: readonly Session[]): Fact => ({
  id: asFactId(id),
  text,
  category: 'circumstance',
  sources: sessions.map((s) => ({ sessionId: s.id, turnIds: [s.turns[0]!.id] })),
});

export const F1 = fact('f1', 'The user has a dog named Rex.', [S1]);
export const F2 = fact('f2', 'The user is training for a marathon in Oslo.', [S2]);
/** A merged fact: seen in s3 and in s1. */
export const F3 = fact('f3', 'The dog of the user hates rain.', [S3, S1]);
export const F4 = fact('f4', 'The user drinks tea instead of coffee.', [S4]);
export const FACTS: readonly Fact[] = [F1, F2, F3, F4];

/**
 * levels: 0 = n1..n4 (facts f1..f4), 1 = a (n1, n3), b (n2, n4), 2 = root r (a, b).
 */
export function smallTree(): MemoryTree {
  const nodes = new Map<NodeId, TreeNode>();
  const add = (
    id: string,
    level: number,
    text: string,
    parent: string | null,
    children: string[],
    factId?: string,
  ) =>
    nodes.set(asNodeId(id), {
      id: asNodeId(id),
      level,
      text,
      embedding: keywordVector(text),
      parent: parent === null ? null : asNodeId(parent),
      children: children.map(asNodeId),
      ...(factId ? { factId: asFactId(factId) } : {}),
    });
  add('n1', 0, F1.text, 'a', [], 'f1');
  add('n2', 0, F2.text, 'b', [], 'f2');
  add('n3', 0, F3.text, 'a', [], 'f3');
  add('n4', 0, F4.text, 'b', [], 'f4');
  add('a', 1, 'The user has a dog that dislikes rain.', 'r', ['n1', 'n3']);
  add('b', 1, 'The user runs a marathon in Oslo and drinks tea.', 'r', ['n2', 'n4']);
  add('r', 2, 'The user lives with a dog and runs.', null, ['a', 'b']);
  return {
    nodes,
    levels: [['n1', 'n2', 'n3', 'n4'].map(asNodeId), ['a', 'b'].map(asNodeId), [asNodeId('r')]],
    facts: new Map(FACTS.map((f) => [f.id, f])),
    build: { seed: 1, factCount: 4, leafCohesion: 1, leafCohesionStd: 0 },
    insertedSinceBuild: 0,
    nextNodeSeq: 3,
  };
}

/** An AbortSignal that is already aborted (optionally with a reason). */
export function abortedSignal(reason?: unknown): AbortSignal {
  const controller = new AbortController();
  controller.abort(reason);
  return controller.signal;
}
