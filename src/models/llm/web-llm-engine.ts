/**
 * The real ChatEngine: web-llm's WebWorkerMLCEngine driving workers/llm.worker.ts. web-llm is
 * imported lazily, so the page bundle carries none of it until a model is actually loaded.
 */
import type {
  AppConfig,
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionRequestNonStreaming,
  ChatCompletionRequestStreaming,
  InitProgressReport,
} from '@mlc-ai/web-llm';
import type { ChatEngine, EngineChunk, EngineRequest, EngineUsage } from './chat-engine.ts';
import { COUNT_TOKENS_REQUEST } from './count-tokens.ts';

/** The part of web-llm's MLCEngineInterface the adapter uses (its worker proxy implements it). */
export interface MlcEngineLike {
  reload(modelId: string): Promise<void>;
  setInitProgressCallback(callback: (report: InitProgressReport) => void): void;
  interruptGenerate(): void;
  unload(): Promise<void>;
  chat: {
    completions: {
      create(request: ChatCompletionRequestNonStreaming): Promise<ChatCompletion>;
      create(request: ChatCompletionRequestStreaming): Promise<AsyncIterable<ChatCompletionChunk>>;
    };
  };
  countTokens?(text: string): Promise<number>;
}

/** Adapts a web-llm engine (in-thread or worker proxy) to ChatEngine. */
export function chatEngineFromMlc(engine: MlcEngineLike): ChatEngine {
  const toMlc = (request: EngineRequest) => ({
    messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
    max_tokens: request.max_tokens,
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.response_format ? { response_format: { ...request.response_format } } : {}),
  });
  const adapted: ChatEngine = {
    async load(modelId, onReport) {
      engine.setInitProgressCallback((report) =>
        onReport({ progress: report.progress, text: report.text }),
      );
      await engine.reload(modelId);
    },
    async complete(request) {
      const reply = await engine.chat.completions.create({ ...toMlc(request), stream: false });
      const choice = reply.choices[0];
      return {
        text: choice?.message.content ?? '',
        finishReason: choice?.finish_reason ?? null,
        ...(reply.usage ? { usage: engineUsage(reply.usage) } : {}),
      };
    },
    async *stream(request) {
      const chunks = await engine.chat.completions.create({
        ...toMlc(request),
        stream: true,
        stream_options: { include_usage: true },
      });
      for await (const chunk of chunks) yield fromChunk(chunk);
    },
    interrupt: () => engine.interruptGenerate(),
    unload: () => engine.unload(),
  };
  const count = engine.countTokens?.bind(engine);
  return count ? { ...adapted, countTokens: count } : adapted;
}

type MlcUsage = NonNullable<ChatCompletionChunk['usage']>;

/** Token counts, and web-llm's speeds of the call where it measured them. */
function engineUsage(usage: MlcUsage): EngineUsage {
  const extra = (usage as Partial<MlcUsage>).extra;
  return {
    prompt_tokens: usage.prompt_tokens,
    completion_tokens: usage.completion_tokens,
    ...(extra
      ? {
          prefill_tokens_per_s: extra.prefill_tokens_per_s,
          decode_tokens_per_s: extra.decode_tokens_per_s,
        }
      : {}),
  };
}

function fromChunk(chunk: ChatCompletionChunk): EngineChunk {
  const choice = chunk.choices[0];
  return {
    delta: choice?.delta.content ?? '',
    ...(choice?.finish_reason ? { finishReason: choice.finish_reason } : {}),
    ...(chunk.usage ? { usage: engineUsage(chunk.usage) } : {}),
  };
}

/** What web-llm's worker proxy needs from a worker (a real Worker, or an in-process stand-in). */
export interface WorkerLike {
  onmessage: unknown;
  postMessage(message: unknown): void;
}

/** Starts workers/llm.worker.ts. */
export function startLlmWorker(): Worker {
  return new Worker(new URL('../../../workers/llm.worker.ts', import.meta.url), {
    type: 'module',
    name: 'grove-llm',
  });
}

/** Starts the LLM worker (or uses `worker`) and returns a ChatEngine over it. */
export async function createWebLlmWorkerEngine(
  appConfig: AppConfig,
  worker: WorkerLike = startLlmWorker(),
): Promise<ChatEngine> {
  const { WebWorkerMLCEngine } = await import('@mlc-ai/web-llm');
  class GroveWorkerEngine extends WebWorkerMLCEngine {
    /** Token count from the loaded model's tokenizer (handled by GroveLlmWorkerHandler). */
    countTokens(text: string): Promise<number> {
      return this.getPromise<number>({
        kind: 'customRequest',
        uuid: crypto.randomUUID(),
        content: { requestName: COUNT_TOKENS_REQUEST, requestMessage: text },
      });
    }
  }
  return chatEngineFromMlc(new GroveWorkerEngine(worker, { appConfig }));
}
