/**
 * Test mode only (`/?test=scripted&llm=worker`): the chat's model in a real worker, supervised as
 * the app's model worker is (TextGenClient: a crash fails the waiting calls with
 * WorkerCrashedError, a fresh worker loads the model again, the worker notice says so), over the
 * fake pipeline of workers/textgen-test.worker.ts. The test API stops that worker mid-reply.
 */
import type {
  Completion,
  CompletionRequest,
  LlmPort,
  StructuredRequest,
} from '../../engine/ports.ts';
import type { LlmWorkerEvents } from '../../models/llm/create-llm.ts';
import { TextGenClient, type TextGenWorkerLike } from '../../models/llm/textgen-client.ts';
import type { DeltaCallback } from '../chat/reply.ts';

function startTestWorker(): TextGenWorkerLike {
  return new Worker(new URL('../../../workers/textgen-test.worker.ts', import.meta.url), {
    type: 'module',
    name: 'grove-model-test',
  });
}

export interface WorkerChatLlm extends LlmPort {
  stream(request: CompletionRequest, onDelta: DeltaCallback): Promise<Completion>;
  /** Stops the model's worker as a crash would. */
  kill(): Promise<void>;
}

export function workerChatLlm(events: LlmWorkerEvents): WorkerChatLlm {
  let client: Promise<TextGenClient> | undefined;
  const ready = () =>
    (client ??= TextGenClient.create(
      { modelId: 'test/model-worker', dtype: 'q4' },
      startTestWorker(),
      {
        startWorker: startTestWorker,
        ...events,
      },
    ));
  return {
    id: 'model worker (test mode)',
    complete: async (request) => (await ready()).complete(request),
    completeStructured: async (request: StructuredRequest) =>
      (await ready()).completeStructured(request),
    stream: async (request, onDelta) => (await ready()).stream(request, onDelta),
    countTokens: async (text) => (await ready()).countTokens(text),
    kill: async () => (await ready()).kill('killed by the test API'),
  };
}
