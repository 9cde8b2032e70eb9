import { describe, expect, it } from 'vitest';
import { ScriptedLlm } from '../engine/testing/index.ts';
import type { LlmPort } from '../engine/ports.ts';
import { NoPageModelError, PageLlmProxy, serveLlmRequests } from './llm-bridge.ts';
import { switchingEngine } from './switching-engine.ts';
import { testEngine } from './fixtures.test-support.ts';

function bridge(llm: () => LlmPort | undefined) {
  const channel = new MessageChannel();
  const proxy = new PageLlmProxy(channel.port1 as never);
  serveLlmRequests(channel.port2 as never, llm);
  channel.port1.start();
  channel.port2.start();
  return { proxy, close: () => (channel.port1.close(), channel.port2.close()) };
}

const judge = {
  messages: [{ role: 'user' as const, content: '### QUESTION\nWhere?\n### MEMORY\nOslo' }],
  maxTokens: 50,
  purpose: 'judge-node',
  schema: { type: 'object' },
};

describe('the page LLM bridge', () => {
  it('carries calls to the page’s model and back', async () => {
    const scripted = new ScriptedLlm();
    const { proxy, close } = bridge(() => scripted);
    try {
      await expect(proxy.completeStructured(judge)).rejects.toBeInstanceOf(NoPageModelError);
      proxy.available = 'scripted';
      const reply = await proxy.completeStructured({
        ...judge,
        signal: new AbortController().signal,
      });
      expect(JSON.parse(reply.text)).toMatchObject({ relevant: false });
      expect(scripted.calls).toHaveLength(1);
      expect(scripted.calls[0]?.structured).toBe(true);
    } finally {
      close();
    }
  });

  it('reports a model unloaded meanwhile as an actionable error', async () => {
    const { proxy, close } = bridge(() => undefined);
    proxy.available = 'gone';
    try {
      await expect(proxy.complete(judge)).rejects.toMatchObject({
        name: 'NoPageModelError',
        message: expect.stringContaining('load one in Settings') as unknown,
      });
    } finally {
      close();
    }
  });

  it('switches engines per call', () => {
    let on = false;
    const plain = testEngine();
    const smart = testEngine();
    const engine = switchingEngine(plain, smart, () => on);
    expect(engine.embedder).toBe(plain.embedder);
    on = true;
    expect(engine.embedder).toBe(smart.embedder);
  });
});
