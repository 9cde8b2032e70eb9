import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const DEMO = 'examples/demo-conversation.json';

async function grove(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [
      '--import',
      'tsx',
      'scripts/grove.ts',
      ...args,
    ]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('grove CLI', () => {
  it('build prints the tree shape as JSON', async () => {
    const { code, stdout } = await grove('build', '--file', DEMO, '--embedder', 'hash', '--json');
    expect(code).toBe(0);
    const shape = JSON.parse(stdout);
    expect(shape.sessions).toBe(9);
    expect(shape.extraction.empty).toEqual(['s9']);
    expect(shape.levels).toBe(shape.nodesPerLevel.length);
    expect(shape.nodesPerLevel[0]).toBe(shape.facts);
    expect(shape.nodesPerLevel.at(-1)).toBeLessThanOrEqual(15);
    expect(shape.models.embedder).toContain('TEST MODE');
  });

  it('query prints the traversal and the retrieved facts', async () => {
    const { code, stdout } = await grove(
      'query',
      '--file',
      DEMO,
      '--embedder',
      'hash',
      '--llm',
      'scripted',
      '--judge',
      'llm',
      '--question',
      'Any advice for coping with my night shifts?',
      '--json',
    );
    expect(code).toBe(0);
    const out = JSON.parse(stdout);
    expect(out.models.llm).toContain('TEST MODE');
    expect(out.llmCalls).toBeGreaterThan(0);
    expect(out.traversal.some((e: { type: string }) => e.type === 'keep')).toBe(true);
    expect(out.retrieved.some((r: { text: string }) => /night shifts/.test(r.text))).toBe(true);
  });

  it('query with the oracle judge takes the ground truth from the file (facts judged one by one)', async () => {
    const question = "When do I fly to my sister's wedding?";
    const { code, stdout } = await grove(
      'query',
      '--file',
      DEMO,
      '--embedder',
      'hash',
      '--judge',
      'oracle',
      '--leaf-mode',
      'judge',
      '--question',
      question,
      '--json',
    );
    expect(code).toBe(0);
    const sessions = new Set(
      JSON.parse(stdout).retrieved.flatMap((r: { sessions: string[] }) => r.sessions),
    );
    expect([...sessions]).toEqual(['s6']);
  });

  it('fails with a clear message and exit code on bad input', async () => {
    const missing = await grove('build', '--file', 'no/such/file.json');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Cannot read no/such/file.json');

    const dir = mkdtempSync(join(tmpdir(), 'grove-cli-'));
    const bad = join(dir, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({
        format: 'grove-conversation',
        version: 1,
        sessions: [{ id: 'a', turns: [{ speaker: 'bot', text: 'x' }] }],
      }),
    );
    const malformed = await grove('build', '--file', bad);
    expect(malformed.code).toBe(1);
    expect(malformed.stderr).toMatch(/bad\.json: field sessions\.0\.turns\.0\.speaker/);

    const noLlm = await grove(
      'query',
      '--file',
      DEMO,
      '--embedder',
      'hash',
      '--judge',
      'llm',
      '--question',
      'x',
    );
    expect(noLlm.code).toBe(2);
    expect(noLlm.stderr).toContain('--judge llm needs an LLM');

    const unknown = await grove('frobnicate');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command');
  });
});
