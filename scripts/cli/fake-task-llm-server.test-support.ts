/**
 * A small OpenAI-compatible server on 127.0.0.1 (random port) for the CLI tests of the MS-TOD
 * dialogue and the NTM replay: it answers the task-memory, discourse and NTM prompts with the
 * scripted test rules (src/engine/testing, NTM_TEST_RULES), picking the rule from the prompt's
 * labelled sections, since the purpose tag does not travel over HTTP (a prompt with none of them
 * is an NTM reply). Model `garbled` answers every prompt with text that is neither JSON nor a
 * confirmation. Every reply takes `latencyMs` (default 0); it counts the requests it served and
 * the most it served at once.
 */
import { createServer, type Server } from 'node:http';
import { chatCompletion, listenOnLoopback, readBody } from '../bench/fake-server-wire.ts';
import {
  DISCOURSE_SECTIONS as D,
  LLM_PURPOSES,
  PROMPT_SECTIONS as S,
} from '../../src/engine/llm-purposes.ts';
import { NTM_JUDGE_PURPOSE, NTM_REPLY_PURPOSE } from '../../src/engine/eval/ntm-eval.ts';
import { readSection } from '../../src/engine/prompt-sections.ts';
import { DEFAULT_RULES } from '../../src/engine/testing/index.ts';
import { NTM_TEST_RULES } from './eval-ntm.ts';

const RULES = { ...DEFAULT_RULES, ...NTM_TEST_RULES };

export interface FakeTaskLlmServer {
  /** `openai:<url>#<model>` for `--llm`. */
  readonly spec: (model: 'rules' | 'garbled') => string;
  readonly requests: () => number;
  /** The most requests served at once since the start or the last `resetPeak`. */
  readonly peakConcurrent: () => number;
  readonly resetPeak: () => void;
  /** Answers the next `count` requests with HTTP `status` (a server under load). */
  readonly failNext: (count: number, status?: number) => void;
  /** Answers the next `answered` requests, then fails every one until `failNext(0)`. */
  readonly failAfter: (answered: number, status?: number) => void;
  readonly close: () => Promise<void>;
}

function purposeOf(prompt: string): string {
  const has = (name: string) => readSection(prompt, name) !== undefined;
  if (has(D.topics)) return LLM_PURPOSES.discourseTopic;
  if (has(D.branches)) return LLM_PURPOSES.discourseDecide;
  if (has(D.user) && has(D.assistant)) return LLM_PURPOSES.summariseRound;
  if (has('FINAL REPLY') && has('GOALS')) return NTM_JUDGE_PURPOSE;
  if (has(S.candidates)) return LLM_PURPOSES.taskJudge;
  if (has(S.response)) return LLM_PURPOSES.taskCheck;
  if (has(S.memory) && has(S.task)) return LLM_PURPOSES.taskRespond;
  if (has(S.slots) && has(S.session)) return LLM_PURPOSES.taskQa;
  if (has(S.slots)) return LLM_PURPOSES.taskMissing;
  if (has(S.context)) return LLM_PURPOSES.taskIntent;
  return NTM_REPLY_PURPOSE;
}

function reply(body: { model?: string; messages?: { content?: string }[] }): string {
  if (body.model === 'garbled') return 'I am not sure what you mean {';
  const prompt = (body.messages ?? []).map((m) => m.content ?? '').join('\n\n');
  const rule = RULES[purposeOf(prompt)];
  return rule ? rule(prompt) : '';
}

export async function startFakeTaskLlmServer(
  options: { readonly latencyMs?: number } = {},
): Promise<FakeTaskLlmServer> {
  let served = 0;
  let serving = 0;
  let peak = 0;
  let failing = { count: 0, status: 503, after: 0 };
  const server: Server = createServer((req, res) => {
    void readBody(req).then(async (text) => {
      served++;
      serving++;
      peak = Math.max(peak, serving);
      if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
      serving--;
      if (failing.after > 0) failing.after--;
      else if (failing.count > 0) {
        failing.count--;
        res
          .writeHead(failing.status, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'fake server: busy' } }));
        return;
      }
      const content = reply(JSON.parse(text) as Parameters<typeof reply>[0]);
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify(
          chatCompletion('fake', content, {
            prompt_tokens: 10,
            completion_tokens: 5,
            total_tokens: 15,
          }),
        ),
      );
    });
  });
  const port = await listenOnLoopback(server);
  return {
    spec: (model) => `openai:http://127.0.0.1:${port}#${model}`,
    requests: () => served,
    peakConcurrent: () => peak,
    resetPeak: () => {
      peak = 0;
    },
    failNext: (count, status = 503) => {
      failing = { count, status, after: 0 };
    },
    failAfter: (answered, status = 503) => {
      failing = { count: Number.POSITIVE_INFINITY, status, after: answered };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
