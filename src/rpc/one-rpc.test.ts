/**
 * Issue 14: one RPC for every worker we own. No second copy of the wire error or of the page-LLM
 * bridge may come back: this reads the sources and fails on one.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const files = [...sources(join(root, 'src')), ...sources(join(root, 'workers'))].map((path) => ({
  path: relative(root, path),
  text: readFileSync(path, 'utf8'),
}));

const where = (pattern: RegExp) => files.filter((f) => pattern.test(f.text)).map((f) => f.path);

describe('one RPC', () => {
  it('defines the wire error, and turns errors into it, in one place', () => {
    expect(where(/interface WireError\b/)).toEqual(['src/rpc/wire-error.ts']);
    expect(where(/function toWireError\b/)).toEqual(['src/rpc/wire-error.ts']);
    expect(where(/function errorFromWire\b/)).toEqual(
      expect.arrayContaining(['src/rpc/wire-error.ts']),
    );
  });

  it('lends the page’s LLM to workers through one bridge', () => {
    expect(where(/implements LlmPort/).filter((p) => /rpc|storage|explorer/.test(p))).toEqual([
      'src/rpc/page-llm-bridge.ts',
    ]);
    expect(where(/'llm-call'|\bllmCall\b|\bllmReply\b/)).toEqual([]);
  });

  it('leaves no worker client with its own pending-call map', () => {
    expect(where(/new Map<number, (Pending|Waiting)/)).toEqual(['src/rpc/rpc-channel.ts']);
  });
});
