import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HashEmbedder, ScriptedLlm } from '../engine/testing/index.ts';
import type { ExplorerRequest, ExplorerResponse } from './explorer-protocol.ts';
import { createExplorerHost, type HostDeps } from './explorer-host.ts';
import type { EmbedderPort, LlmPort } from '../engine/ports.ts';
import { PageLlmClient, servePageLlm } from '../rpc/page-llm-bridge.ts';

type Outgoing = ExplorerRequest extends infer R
  ? R extends { id: number }
    ? Omit<R, 'id'>
    : never
  : never;

const EXAMPLE = new URL('../../public/examples/grove-implexconv-example.json', import.meta.url);

function harness(overrides: Partial<HostDeps> = {}) {
  const messages: ExplorerResponse[] = [];
  const waiting = new Map<number, (m: ExplorerResponse) => void>();
  const post = (m: ExplorerResponse) => {
    messages.push(m);
    if ('id' in m && m.type !== 'progress') waiting.get(m.id)?.(m);
  };
  const bytes = readFileSync(EXAMPLE);
  const host = createExplorerHost(post, {
    llmMode: 'scripted',
    scriptedLlm: new ScriptedLlm(),
    embedder: () => Promise.resolve({ port: new HashEmbedder(), label: 'hash' }),
    fetchText: () =>
      Promise.resolve({
        name: 'example.json',
        text: () => Promise.resolve(bytes.toString('utf8')),
        arrayBuffer: () => Promise.resolve(new Uint8Array(bytes).buffer),
      }),
    ...overrides,
  });
  let next = 1;
  const send = (request: Outgoing) => {
    const id = next++;
    return new Promise<ExplorerResponse>((resolve) => {
      waiting.set(id, resolve);
      host({ ...request, id } as ExplorerRequest);
    });
  };
  return { send, messages, host };
}

describe('explorer host', () => {
  it('loads the built-in example, builds with monotone progress, runs TaciTree and baselines', async () => {
    const { send, messages } = harness();
    const loaded = await send({ type: 'load-url', url: '/examples/x.json', name: 'x.json' });
    if (loaded.type !== 'loaded') throw new Error(JSON.stringify(loaded));
    const questions = loaded.summary.conversations[0]?.questions ?? [];
    const supportive = questions.findIndex((q) => q.category === 'supportive');

    const built = await send({ type: 'build', conversation: 0 });
    if (built.type !== 'built') throw new Error(JSON.stringify(built));
    expect(built.build.facts).toBeGreaterThan(40);
    expect(built.build.llm).toContain('scripted');
    const progress = messages.flatMap((m) =>
      m.type === 'progress' && m.progress.status === 'progress' ? [m.progress.progress] : [],
    );
    expect(progress.length).toBeGreaterThan(3);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect(messages.some((m) => m.type === 'progress' && m.progress.status === 'done')).toBe(true);

    const ran = await send({
      type: 'run',
      options: {
        conversation: 0,
        question: supportive,
        judge: 'llm',
        baselines: ['bm25', 'flat-facts', 'flat-hybrid', 'rag-raw', 'collapsed-tree'],
        answer: true,
      },
    });
    if (ran.type !== 'ran') throw new Error(JSON.stringify(ran));
    const [tree, ...baselines] = ran.run.rows;
    expect(tree?.method).toBe('tacitree-llm');
    expect(tree?.llmCalls).toBeGreaterThan(0);
    expect(tree?.llmCalls).toBeLessThan(ran.run.bruteForceCalls);
    const gold = new Set(tree?.goldSessions);
    expect(tree?.retrievedSessions.some((s) => gold.has(s))).toBe(true);
    expect(tree?.answer).toBeDefined();
    expect(baselines.map((b) => b.method)).toEqual([
      'bm25',
      'flat-facts',
      'flat-hybrid',
      'rag-raw',
      'collapsed-tree',
    ]);
    for (const b of baselines) expect(b.error).toBeUndefined();
    expect(ran.run.traversal.some((e) => e.type === 'keep')).toBe(true);
    expect(ran.run.traversal.at(-1)?.type).toBe('done');
  });

  it('cancels a build in the worker, then builds again', async () => {
    // An embedder that takes a turn of the event loop per batch, as a real one does.
    const hash = new HashEmbedder();
    const slow: EmbedderPort = {
      id: hash.id,
      dimension: hash.dimension,
      embed: async (texts, signal) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        return hash.embed(texts, signal);
      },
    };
    const { send, host, messages } = harness({
      embedder: () => Promise.resolve({ port: slow, label: 'slow hash' }),
    });
    await send({ type: 'load-url', url: '/examples/x.json', name: 'x.json' });
    const cancelled = send({ type: 'build', conversation: 0 }); // id 2
    // Mid-build: once the build has reported progress past the embedder's load.
    while (
      !messages.some(
        (m) =>
          m.type === 'progress' && m.progress.status === 'progress' && m.progress.progress > 10,
      )
    )
      await new Promise((resolve) => setTimeout(resolve, 0));
    host({ type: 'cancel', id: 2 });
    const reply = await cancelled;
    expect(reply.type === 'error' && reply.error.name).toBe('AbortError');
    const again = await send({ type: 'build', conversation: 0 });
    expect(again.type).toBe('built');
  });

  it('says plainly what is missing: no dataset, no tree, no LLM for the LLM judge', async () => {
    const { send } = harness({ llmMode: 'none' });
    const early = await send({ type: 'build', conversation: 0 });
    expect(early.type === 'error' && early.error.name).toBe('NoDatasetError');
    await send({ type: 'load-url', url: '/x', name: 'x.json' });
    const unbuilt = await send({
      type: 'run',
      options: { conversation: 0, question: 0, judge: 'hybrid', baselines: [], answer: false },
    });
    expect(unbuilt.type === 'error' && unbuilt.error.message).toContain('build');
    await send({ type: 'build', conversation: 0 });
    const ran = await send({
      type: 'run',
      options: { conversation: 0, question: 0, judge: 'llm', baselines: [], answer: false },
    });
    if (ran.type !== 'ran') throw new Error(JSON.stringify(ran));
    expect(ran.run.rows[0]?.error).toContain('needs a loaded LLM');
    const embedding = await send({
      type: 'run',
      options: { conversation: 0, question: 0, judge: 'hybrid', baselines: [], answer: false },
    });
    if (embedding.type !== 'ran') throw new Error(JSON.stringify(embedding));
    expect(embedding.run.rows[0]?.error).toBeUndefined();
    expect(embedding.run.rows[0]?.llmCalls).toBe(0);
  });

  it("forwards the page's LLM calls over the page-LLM bridge and routes the replies back", async () => {
    const posted: ExplorerResponse[] = [];
    // The worker's port on one end of a channel, the page's model serving the other.
    const { port1: worker, port2: page } = new MessageChannel();
    const pageModel: LlmPort = {
      id: 'page-model',
      countTokens: (t) => t.length,
      complete: () =>
        Promise.resolve({ text: 'An answer.', promptTokens: 10, completionTokens: 2 }),
      completeStructured: () =>
        Promise.resolve({
          text: JSON.stringify({ relevant: true, reason: 'page says so' }),
          promptTokens: 10,
          completionTokens: 2,
        }),
    };
    servePageLlm(page, () => pageModel);
    worker.start();
    page.start();
    const host = createExplorerHost((m) => posted.push(m), {
      llmMode: 'page',
      pageLlm: new PageLlmClient(worker),
      embedder: () => Promise.resolve({ port: new HashEmbedder(), label: 'hash' }),
      fetchText: () => Promise.reject(new Error('unused')),
    });
    const rows = JSON.stringify({
      conversation: {
        '0': 'Speaker1: I love tea.\nAssistant: Nice.',
        '1': 'Speaker1: I moved to Oslo.\nAssistant: Cool.',
      },
      question: 'Tea?',
      retrieved_conv: [0],
    });
    const file = new File([rows], 'rows.jsonl');
    host({ type: 'load-file', id: 1, file });
    host({ type: 'build', id: 2, conversation: 0 });
    host({
      type: 'run',
      id: 3,
      pageLlm: 'page-model',
      options: { conversation: 0, question: 0, judge: 'llm', baselines: [], answer: true },
    });
    await expect.poll(() => posted.some((m) => m.type === 'ran' || m.type === 'error')).toBe(true);
    const ran = posted.find((m) => m.type === 'ran');
    if (ran?.type !== 'ran')
      throw new Error(JSON.stringify(posted.filter((m) => m.type === 'error')));
    expect(ran.run.rows[0]?.llmCalls).toBeGreaterThan(0);
    expect(ran.run.rows[0]?.answer).toBe('An answer.');
    expect(ran.run.rows[0]?.label).toContain('page-model');
    worker.close();
    page.close();
  });
});
