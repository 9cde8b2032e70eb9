import { describe, expect, it } from 'vitest';
import { LLM_PURPOSES } from '../llm-purposes.ts';
import { HashEmbedder, ScriptedLlm } from '../testing/index.ts';
import {
  BASELINE_NAMES,
  BASELINES,
  createBaseline,
  isBaselineName,
  MissingBaselineInputError,
  type BaselineInputs,
} from './index.ts';
import { FACTS, keywordEmbedder, SESSIONS, smallTree } from './test-corpus.test-support.ts';

const llm = new ScriptedLlm();

describe('baseline registry', () => {
  it('describes every baseline and recognises its names', () => {
    expect(Object.keys(BASELINES).sort()).toEqual([...BASELINE_NAMES].sort());
    for (const name of BASELINE_NAMES)
      expect(BASELINES[name].description.length).toBeGreaterThan(10);
    expect(isBaselineName('bm25')).toBe(true);
    expect(isBaselineName('tacitree')).toBe(false);
  });

  it('builds every baseline from full inputs, named after it', async () => {
    const inputs: BaselineInputs = {
      sessions: SESSIONS,
      facts: FACTS,
      tree: smallTree(),
      embedder: keywordEmbedder(),
      llm,
      k: 2,
    };
    for (const name of BASELINE_NAMES) {
      const retriever = await createBaseline(name, inputs);
      expect(retriever.name).toBe(name);
      const result = await retriever.retrieve('dog rain');
      expect(result.items.length).toBeGreaterThan(0);
      expect(result.items.flatMap((i) => i.sessionIds)).toContain('s3');
      expect(result.events.at(-1)?.type).toBe('done');
    }
  });

  it('rag-summary summarises each session once and retrieves by summary', async () => {
    const scripted = new ScriptedLlm();
    const retriever = await createBaseline('rag-summary', {
      sessions: SESSIONS,
      embedder: new HashEmbedder(),
      llm: scripted,
      k: 2,
    });
    expect(scripted.callsFor(LLM_PURPOSES.summariseSession)).toHaveLength(SESSIONS.length);
    const result = await retriever.retrieve('my dog');
    expect(result.items.map((i) => i.id).sort()).toEqual(['s1', 's3']);
    expect(result.items[0]?.text).toMatch(/^The user/);
    await retriever.retrieve('tea');
    expect(scripted.calls).toHaveLength(SESSIONS.length);
  });

  it('rag-summary uses given summaries without an LLM', async () => {
    const summaries = SESSIONS.map((s) => ({
      sessionId: s.id,
      status: 'ok' as const,
      text: `About ${s.id}: tea`,
      tokens: 0,
    }));
    const retriever = await createBaseline('rag-summary', {
      sessions: SESSIONS,
      embedder: keywordEmbedder(),
      summaries,
      k: 1,
    });
    expect((await retriever.retrieve('tea')).items[0]).toMatchObject({
      id: 's1',
      text: 'About s1: tea',
    });
  });

  it('says which input is missing', async () => {
    await expect(createBaseline('rag-raw', { sessions: SESSIONS })).rejects.toThrow(
      MissingBaselineInputError,
    );
    await expect(
      createBaseline('rag-summary', { sessions: SESSIONS, embedder: keywordEmbedder() }),
    ).rejects.toThrow(/an LLM or summaries/);
    await expect(createBaseline('long-context-facts', { sessions: SESSIONS })).rejects.toThrow(
      /extracted facts/,
    );
    await expect(
      createBaseline('collapsed-tree', { sessions: SESSIONS, embedder: keywordEmbedder() }),
    ).rejects.toThrow(/memory tree/);
  });
});
