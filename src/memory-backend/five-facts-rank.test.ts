/**
 * Issue 22.5: the chat's small memory ranks right. Five facts told in five chats, the real
 * bundled embedder, no LLM (the chat's search as the worker runs it): "Where do I live now?"
 * lists the moves first. Before stemming, BM25 met "live" nowhere, and cosine put the peanut
 * allergy first.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildMemory } from '../engine/pipeline.ts';
import { sessionTexts } from '../engine/tree/lexicon.ts';
import { memorySearch } from '../engine/tree/memory-effort.ts';
import { asSessionId, asTurnId, type MemoryTree, type Session } from '../engine/types.ts';
import { createNodeBundledEmbedder } from '../models/embedder/node-bundled.ts';
import type { TransformersEmbedder } from '../models/embedder/transformers-embedder.ts';

const SAID = [
  'I moved to Denver for a job at a bike shop.',
  'My sister Ana lives in Lisbon.',
  'I am allergic to peanuts.',
  'I go climbing on weekends.',
  'I moved again, this time to Seattle.',
];

const sessions: Session[] = SAID.map((text, i) => ({
  id: asSessionId(`chat-${i + 1}`),
  time: `2026-0${i + 1}-01T10:00:00Z`,
  turns: [
    { id: asTurnId(`chat-${i + 1}:1`), speaker: 'user', text },
    { id: asTurnId(`chat-${i + 1}:2`), speaker: 'assistant', text: 'Noted.' },
  ],
}));

describe('the five-fact chat', () => {
  let embedder: TransformersEmbedder;
  let tree: MemoryTree;
  beforeAll(async () => {
    embedder = await createNodeBundledEmbedder();
    tree = (await buildMemory(sessions, { embedder, seed: 42 })).tree;
  }, 60_000);

  it('"Where do I live now?" lists the moves first', async () => {
    const result = await memorySearch(tree, {
      effort: 'balanced',
      llm: undefined,
      embedder,
      sessionTexts: sessionTexts(sessions),
    }).retrieve('Where do I live now?');
    const texts = result.items.map((i) => i.text);
    expect(texts.slice(0, 2).sort()).toEqual([SAID[0], SAID[4]].sort());
  });
});
