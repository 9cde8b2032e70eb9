/**
 * A port for concurrency tests: a ScriptedLlm that answers after 0–6 event-loop turns (chosen by
 * the prompt), so calls made together finish out of order; it records the most calls ever in
 * flight. Wrap it in `limitedLlm` to make the engine run calls together.
 */
import type { CompletionRequest, LlmPort } from '../ports.ts';
import { fnv1a, ScriptedLlm, type ScriptedLlmOptions } from '../testing/index.ts';

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface OutOfOrderLlm {
  readonly llm: LlmPort;
  readonly scripted: ScriptedLlm;
  readonly peak: () => number;
  readonly calls: () => number;
}

export function outOfOrderLlm(options: ScriptedLlmOptions = {}): OutOfOrderLlm {
  const scripted = new ScriptedLlm(options);
  let inFlight = 0;
  let peak = 0;
  const delayed =
    <R extends CompletionRequest>(call: (request: R) => ReturnType<LlmPort['complete']>) =>
    async (request: R) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      try {
        const prompt = request.messages.map((m) => m.content).join('\n');
        for (let i = fnv1a(prompt) % 7; i > 0; i--) await turn();
        return await call(request);
      } finally {
        inFlight--;
      }
    };
  const llm: LlmPort = {
    id: scripted.id,
    complete: delayed((r) => scripted.complete(r)),
    completeStructured: delayed((r) => scripted.completeStructured(r)),
    countTokens: (text) => scripted.countTokens(text),
  };
  return { llm, scripted, peak: () => peak, calls: () => scripted.calls.length };
}
