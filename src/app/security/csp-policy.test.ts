import { describe, expect, it } from 'vitest';
import {
  documentDirectives,
  guardDirectives,
  headerDirectives,
  optedInOrigins,
  originSource,
  serializePolicy,
} from './csp-policy.ts';

const PAGE = 'http://127.0.0.1:4173/?test=scripted#chat';

function directive(policy: string, name: string): string[] | undefined {
  const found = policy
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name);
  return found?.slice(1);
}

describe('Content-Security-Policy text', () => {
  it('guard: only the app’s own scripts (plus WebAssembly), no plugins, no <base> hijack', () => {
    const guard = serializePolicy(guardDirectives());
    expect(guard).toBe("script-src 'self' 'wasm-unsafe-eval'; object-src 'none'; base-uri 'self'");
    // connect-src stays open here: the document policy narrows it once the choice is known.
    expect(directive(guard, 'connect-src')).toBeUndefined();
    expect(directive(guard, 'default-src')).toBeUndefined();
  });

  it('header: the guard plus frame-ancestors, which a <meta> cannot carry', () => {
    const header = serializePolicy(headerDirectives());
    expect(header.startsWith(serializePolicy(guardDirectives()))).toBe(true);
    expect(directive(header, 'frame-ancestors')).toEqual(["'none'"]);
    expect(directive(serializePolicy(documentDirectives([])), 'frame-ancestors')).toBeUndefined();
  });

  it('document: everything from this origin, connect-src exactly self plus the opted-in origins', () => {
    const policy = serializePolicy(documentDirectives(['http://127.0.0.1:8080']));
    expect(directive(policy, 'default-src')).toEqual(["'self'"]);
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'http://127.0.0.1:8080']);
    expect(directive(policy, 'script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(directive(policy, 'style-src')).toEqual(["'self'"]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain("'unsafe-eval'");
  });

  it('dev: the hashed React Refresh preamble and Vite’s <style> elements, nothing more', () => {
    const dev = { dev: true, scriptHashes: ['sha256-abc='] };
    expect(directive(serializePolicy(guardDirectives(dev)), 'script-src')).toEqual([
      "'self'",
      "'wasm-unsafe-eval'",
      "'sha256-abc='",
    ]);
    const policy = serializePolicy(documentDirectives([], dev));
    expect(directive(policy, 'style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directive(policy, 'connect-src')).toEqual(["'self'"]);
  });
});

describe('opted-in origins', () => {
  it('none by default: the bundled models and a same-site model path need only self', () => {
    expect(optedInOrigins({ llm: { kind: 'auto' }, modelBaseUrl: null }, PAGE)).toEqual({
      origins: [],
      refused: [],
    });
    expect(
      optedInOrigins({ llm: { kind: 'none' }, modelBaseUrl: '/self-hosted/' }, PAGE).origins,
    ).toEqual([]);
    expect(
      optedInOrigins({ llm: { kind: 'auto' }, modelBaseUrl: 'http://127.0.0.1:4173/models/' }, PAGE)
        .origins,
    ).toEqual([]);
  });

  it('the OpenAI-compatible server and the self-hosted model base URL, as origins', () => {
    const choice = {
      llm: { kind: 'openai' as const, baseUrl: 'http://127.0.0.1:8080/v1', model: 'm' },
      modelBaseUrl: 'https://models.example.lan/grove/',
    };
    expect(optedInOrigins(choice, PAGE)).toEqual({
      origins: ['http://127.0.0.1:8080', 'https://models.example.lan'],
      refused: [],
    });
    // One server for both: one origin.
    expect(
      optedInOrigins({ ...choice, modelBaseUrl: 'http://127.0.0.1:8080/models/' }, PAGE).origins,
    ).toEqual(['http://127.0.0.1:8080']);
  });

  it('refuses what a CSP source cannot name safely', () => {
    expect(originSource('http://[::1]:8080/')).toBeNull();
    expect(originSource('http://evil.test;script-src:*/')).toBeNull();
    expect(originSource('ftp://files.example/')).toBeNull();
    expect(originSource('not a url')).toBeNull();
    expect(originSource('HTTPS://Models.Example:443/x')).toBe('https://models.example');
    expect(
      optedInOrigins(
        { llm: { kind: 'openai', baseUrl: 'http://[::1]:8080', model: 'm' }, modelBaseUrl: null },
        PAGE,
      ),
    ).toEqual({ origins: [], refused: ['http://[::1]:8080'] });
  });
});
