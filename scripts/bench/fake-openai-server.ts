/**
 * A fake OpenAI-compatible server on 127.0.0.1 (random port) for the eval-throughput bench and
 * the CLI tests of `grove eval --llm openai:...`. It answers the memory and evaluation prompts
 * with the scripted test rules (src/engine/testing), picking the rule from the prompt's labelled
 * sections since the purpose tag does not travel over HTTP; every reply takes `latencyMs` and
 * at most `maxConcurrent` requests are served at once (the others wait their turn, as on a
 * server with a fixed number of slots). It counts requests per purpose and the most it served
 * at once (GET /fake/stats answers with them, POST /fake/reset zeroes them), and can be told to
 * fail one purpose.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { chatCompletion, listenOnLoopback, readBody } from './fake-server-wire.ts';
import { ConcurrencyLimiter } from '../../src/engine/concurrency/limiter.ts';
import { JUDGE_ANSWER_PURPOSE } from '../../src/engine/eval/answer-check.ts';
import { LLM_PURPOSES, PROMPT_SECTIONS as S } from '../../src/engine/llm-purposes.ts';
import { readSection } from '../../src/engine/prompt-sections.ts';
import { DEFAULT_RULES, judgeAnswerRule } from '../../src/engine/testing/index.ts';

export interface FakeServerStats {
  /** Chat completions answered (failures included). */
  readonly requests: number;
  readonly byPurpose: Readonly<Record<string, number>>;
  /** The most requests served at once. */
  readonly peakConcurrent: number;
}

export interface FakeOpenAiServer {
  /** Base URL, ending in /v1. */
  readonly url: string;
  /** `openai:<url>#<model>` for `--llm`. */
  readonly spec: (model?: string) => string;
  readonly stats: () => FakeServerStats;
  readonly resetStats: () => void;
  /** Makes every request of `purpose` fail with `status` (undefined: stop failing). */
  readonly fail: (purpose: string | undefined, status?: number, retryAfter?: string) => void;
  readonly close: () => Promise<void>;
}

export interface FakeOpenAiServerOptions {
  /** Time each reply takes (default 0). */
  readonly latencyMs?: number;
  /** Requests served at once (default 64). */
  readonly maxConcurrent?: number;
}

/** The engine step a prompt is for, read from its sections (see src/engine/llm-purposes.ts). */
export function purposeOf(prompt: string, structured: boolean): string {
  const has = (name: string) => readSection(prompt, name) !== undefined;
  if (/The ideal response is:/.test(prompt)) return JUDGE_ANSWER_PURPOSE;
  if (has(S.session))
    return /Summarise this session/.test(prompt)
      ? LLM_PURPOSES.summariseSession
      : LLM_PURPOSES.extractFacts;
  if (has(S.items)) return LLM_PURPOSES.summarise;
  if (has(S.newFact)) return LLM_PURPOSES.supersede;
  if (has(S.candidates)) return LLM_PURPOSES.judgeChildren;
  if (has(S.question) && has(S.memory))
    return structured ? LLM_PURPOSES.judgeNode : LLM_PURPOSES.answer;
  return 'unknown';
}

export function replyTo(purpose: string, prompt: string): string {
  if (purpose === JUDGE_ANSWER_PURPOSE) return judgeAnswerRule(prompt);
  const rule = DEFAULT_RULES[purpose];
  return rule ? rule(prompt) : '';
}

interface ChatBody {
  readonly messages?: readonly { readonly content?: string }[];
  readonly response_format?: unknown;
}

const json = (res: ServerResponse, status: number, body: unknown, headers = {}) =>
  res
    .writeHead(status, { 'content-type': 'application/json', ...headers })
    .end(JSON.stringify(body));

export async function startFakeOpenAiServer(
  options: FakeOpenAiServerOptions = {},
): Promise<FakeOpenAiServer> {
  const latencyMs = options.latencyMs ?? 0;
  const slots = new ConcurrencyLimiter(options.maxConcurrent ?? 64);
  let requests = 0;
  let byPurpose: Record<string, number> = {};
  let serving = 0;
  let peakConcurrent = 0;
  let failing: { purpose: string; status: number; retryAfter?: string } | undefined;
  const stats = (): FakeServerStats => ({ requests, byPurpose: { ...byPurpose }, peakConcurrent });
  const resetStats = () => {
    requests = 0;
    byPurpose = {};
    peakConcurrent = 0;
  };

  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const body = JSON.parse(await readBody(req)) as ChatBody;
    const prompt = (body.messages ?? []).map((m) => m.content ?? '').join('\n\n');
    const purpose = purposeOf(prompt, body.response_format !== undefined);
    await slots.run(async () => {
      serving++;
      peakConcurrent = Math.max(peakConcurrent, serving);
      requests++;
      byPurpose[purpose] = (byPurpose[purpose] ?? 0) + 1;
      try {
        if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
      } finally {
        serving--;
      }
    });
    if (failing?.purpose === purpose) {
      json(
        res,
        failing.status,
        { error: { message: `fake server: ${purpose} is failing` } },
        failing.retryAfter === undefined ? {} : { 'retry-after': failing.retryAfter },
      );
      return;
    }
    const content = replyTo(purpose, prompt);
    json(
      res,
      200,
      chatCompletion(`fake-${requests}`, content, {
        prompt_tokens: Math.ceil(prompt.length / 4),
        completion_tokens: Math.ceil(content.length / 4),
      }),
    );
  };

  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/fake/stats') return json(res, 200, stats());
    if (req.method === 'POST' && req.url === '/fake/reset') {
      resetStats();
      return json(res, 200, stats());
    }
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
      return json(res, 404, { error: { message: `no route ${req.method} ${req.url}` } });
    answer(req, res).catch((error: unknown) =>
      json(res, 400, {
        error: { message: error instanceof Error ? error.message : String(error) },
      }),
    );
  });
  const port = await listenOnLoopback(server);
  const url = `http://127.0.0.1:${port}/v1`;
  return {
    url,
    spec: (model = 'fake') => `openai:${url}#${model}`,
    stats,
    resetStats,
    fail: (purpose, status = 503, retryAfter) => {
      failing =
        purpose === undefined
          ? undefined
          : { purpose, status, ...(retryAfter === undefined ? {} : { retryAfter }) };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
