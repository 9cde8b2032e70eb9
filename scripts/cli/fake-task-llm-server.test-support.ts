/**
 * A small OpenAI-compatible server on 127.0.0.1 (random port) for the CLI tests of the MS-TOD
 * dialogue: it answers the task-memory prompts with the scripted test rules
 * (src/engine/testing/task-rules.ts), picking the rule from the prompt's labelled sections, since
 * the purpose tag does not travel over HTTP. Model `garbled` answers every prompt with text that
 * is neither JSON nor a confirmation. It counts the requests it served.
 */
import { createServer, type Server } from 'node:http';
import { chatCompletion, listenOnLoopback, readBody } from '../bench/fake-server-wire.ts';
import { LLM_PURPOSES, PROMPT_SECTIONS as S } from '../../src/engine/llm-purposes.ts';
import { readSection } from '../../src/engine/prompt-sections.ts';
import { TASK_RULES } from '../../src/engine/testing/task-rules.ts';

export interface FakeTaskLlmServer {
  /** `openai:<url>#<model>` for `--llm`. */
  readonly spec: (model: 'rules' | 'garbled') => string;
  readonly requests: () => number;
  readonly close: () => Promise<void>;
}

function purposeOf(prompt: string): string {
  const has = (name: string) => readSection(prompt, name) !== undefined;
  if (has(S.candidates)) return LLM_PURPOSES.taskJudge;
  if (has(S.response)) return LLM_PURPOSES.taskCheck;
  if (has(S.memory) && has(S.task)) return LLM_PURPOSES.taskRespond;
  if (has(S.slots) && has(S.session)) return LLM_PURPOSES.taskQa;
  if (has(S.slots)) return LLM_PURPOSES.taskMissing;
  return LLM_PURPOSES.taskIntent;
}

function reply(body: { model?: string; messages?: { content?: string }[] }): string {
  if (body.model === 'garbled') return 'I am not sure what you mean {';
  const prompt = (body.messages ?? []).map((m) => m.content ?? '').join('\n\n');
  const rule = TASK_RULES[purposeOf(prompt)];
  return rule ? rule(prompt) : '';
}

export async function startFakeTaskLlmServer(): Promise<FakeTaskLlmServer> {
  let served = 0;
  const server: Server = createServer((req, res) => {
    void readBody(req).then((text) => {
      served++;
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
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
