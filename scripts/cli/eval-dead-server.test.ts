/**
 * Issue 23: `grove eval` against a server that is not there says so at the first failed call
 * ("cannot reach …; retry 1 of 5 in 1 s", before any wait), and ends with a clear error, non-zero,
 * when its attempts are spent and no question succeeded (port 1: the example; fetch refuses
 * it outright, "bad port"; a closed loopback port: ECONNREFUSED).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { syntheticLocomo } from '../../src/engine/datasets/fixtures.test-support.ts';
import { SERVER_RETRY_POLICY } from '../../src/engine/retry/policy.ts';
import { OpenAiHttpPort } from '../../src/models/llm/openai-http-port.ts';
import { retryNoticeLine } from '../../src/models/llm/retry-notice.ts';
import { runEvalCommand } from './eval-command.ts';

const REFUSED = 'http://127.0.0.1:1';
const dir = mkdtempSync(join(tmpdir(), 'grove-dead-'));
const file = join(dir, 'locomo-syn.json');
writeFileSync(file, JSON.stringify([syntheticLocomo(8)]));
const quiet = { write: () => true, isTTY: false };

/** A loopback port that refuses: one that was listened on and closed. */
async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

describe('grove eval against a refused port', () => {
  it('names the cause at the first failure, before waiting, with the retry it is about to make', async () => {
    const events: string[] = [];
    const refused = await closedPort();
    const port = new OpenAiHttpPort({
      baseUrl: refused,
      model: 'x',
      retry: SERVER_RETRY_POLICY,
      random: () => 0.999,
      // A clock that never moves: every notice must come before any wait ends.
      sleep: (ms) => {
        events.push(`sleep ${ms}`);
        return Promise.resolve();
      },
      onRetry: (notice) => events.push(retryNoticeLine(notice)),
    });
    const failure = await port
      .complete({ messages: [{ role: 'user', content: 'hi' }], maxTokens: 4 })
      .catch((e: unknown) => e);
    expect(events[0]).toBe(
      `cannot reach ${refused}/v1/chat/completions (ECONNREFUSED); retry 1 of 5 in 1 s`,
    );
    expect(events[1]).toBe('sleep 1000');
    expect(events[2]).toMatch(/; retry 2 of 5 in 2 s$/);
    expect(events.filter((e) => e.startsWith('sleep'))).toHaveLength(5);
    expect((failure as Error).message).toMatch(
      /^Could not reach http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions \(ECONNREFUSED\)\..*\(gave up after 6 attempts\)$/,
    );
  });

  it('says why port 1 cannot be reached (fetch refuses it as a bad port)', async () => {
    const notices: string[] = [];
    const port = new OpenAiHttpPort({
      baseUrl: REFUSED,
      model: 'x',
      retry: { ...SERVER_RETRY_POLICY, maxAttempts: 2 },
      random: () => 0.999,
      sleep: () => Promise.resolve(),
      onRetry: (notice) => notices.push(retryNoticeLine(notice)),
    });
    await expect(
      port.complete({ messages: [{ role: 'user', content: 'hi' }], maxTokens: 4 }),
    ).rejects.toThrow(/Could not reach/);
    expect(notices).toEqual([
      `cannot reach ${REFUSED}/v1/chat/completions (bad port); retry 1 of 1 in 1 s`,
    ]);
  });

  it('stops with a clear error, nothing scored, when the attempts are spent', async () => {
    const run = runEvalCommand(
      [
        ...['--dataset', 'locomo', '--file', file, '--embedder', 'hash', '--json'],
        ...['--method', 'tacitree-llm', '--llm', `openai:${REFUSED}#x`, '--no-cache'],
        ...['--max-attempts', '1', '--limit', '3'],
      ],
      { progress: quiet },
    );
    await expect(run).rejects.toMatchObject({
      name: 'ServerUnreachableError',
      message: expect.stringMatching(
        /^stopped: the LLM server never answered, .*Could not reach http:\/\/127\.0\.0\.1:1\//,
      ),
    });
  });
});
