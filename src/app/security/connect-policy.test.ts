import { afterEach, describe, expect, it } from 'vitest';
import type { LlmChoice } from '../../models/model-choice.ts';
import {
  ReloadRequiredError,
  UnexpressibleOriginError,
  activeConnectPolicy,
  applyConnectPolicy,
  assertConnectAllowed,
  originsNeedingReload,
  resetConnectPolicyForTests,
  tightenConnectPolicy,
} from './connect-policy.ts';

const PAGE = 'http://127.0.0.1:4173/';
const server = (baseUrl: string): LlmChoice => ({ kind: 'openai', baseUrl, model: 'm' });

function recorder() {
  const applied: string[] = [];
  return { applied, sink: (content: string) => void applied.push(content) };
}

describe('the page’s connect policy', () => {
  afterEach(() => resetConnectPolicyForTests());

  it('applies once at load, from the stored choice', () => {
    const { applied, sink } = recorder();
    const choice = { llm: server('http://127.0.0.1:8080'), modelBaseUrl: null };
    applyConnectPolicy(sink, choice, PAGE);
    applyConnectPolicy(sink, { llm: { kind: 'auto' }, modelBaseUrl: null }, PAGE);
    expect(applied).toHaveLength(1);
    expect(applied[0]).toContain("connect-src 'self' http://127.0.0.1:8080;");
    expect(activeConnectPolicy()?.origins).toEqual(['http://127.0.0.1:8080']);
  });

  it('a server chosen after load needs a reload, and says which', () => {
    const { sink } = recorder();
    applyConnectPolicy(sink, { llm: { kind: 'auto' }, modelBaseUrl: null }, PAGE);
    const later = { llm: server('http://127.0.0.1:9000/v1'), modelBaseUrl: null };
    expect(originsNeedingReload(later, PAGE)).toEqual(['http://127.0.0.1:9000']);
    expect(() => assertConnectAllowed(later, PAGE)).toThrow(ReloadRequiredError);
    expect(() => assertConnectAllowed(later, PAGE)).toThrow(/reload the page/);
    expect(() =>
      assertConnectAllowed({ llm: { kind: 'none' }, modelBaseUrl: '/models/' }, PAGE),
    ).not.toThrow();
    expect(() =>
      assertConnectAllowed({ llm: server('http://[::1]:8080'), modelBaseUrl: null }, PAGE),
    ).toThrow(UnexpressibleOriginError);
  });

  it('opting out tightens at once; opting back in then needs a reload', () => {
    const { applied, sink } = recorder();
    const both = {
      llm: server('http://127.0.0.1:8080'),
      modelBaseUrl: 'http://10.0.0.2:9000/models/',
    };
    applyConnectPolicy(sink, both, PAGE);
    expect(tightenConnectPolicy(sink, both, PAGE)?.origins).toHaveLength(2);
    expect(applied).toHaveLength(1);

    const fewer = { llm: { kind: 'none' as const }, modelBaseUrl: both.modelBaseUrl };
    expect(tightenConnectPolicy(sink, fewer, PAGE)?.origins).toEqual(['http://10.0.0.2:9000']);
    expect(applied).toHaveLength(2);
    expect(applied[1]).toContain("connect-src 'self' http://10.0.0.2:9000;");
    expect(originsNeedingReload(both, PAGE)).toEqual(['http://127.0.0.1:8080']);
  });

  it('without an applied policy (Node, workers) nothing is blocked here', () => {
    const choice = { llm: server('http://127.0.0.1:8080'), modelBaseUrl: null };
    expect(originsNeedingReload(choice, PAGE)).toEqual([]);
    expect(() => assertConnectAllowed(choice, PAGE)).not.toThrow();
    expect(tightenConnectPolicy(recorder().sink, choice, PAGE)).toBeUndefined();
  });
});
