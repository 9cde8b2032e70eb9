/**
 * Test mode only (`/?test=scripted`): the engine's ScriptedLlm, streaming its reply word by word
 * with a real pause between pieces, so e2e specs see a reply grow like a model's. Task replies
 * are worded as a chat assistant would (taskChatRespondRule).
 */
import { LLM_PURPOSES } from '../../engine/llm-purposes.ts';
import type { Completion, CompletionRequest } from '../../engine/ports.ts';
import { ScriptedLlm, taskChatRespondRule } from '../../engine/testing/index.ts';
import type { DeltaCallback } from '../chat/reply.ts';

const PIECE_DELAY_MS = 30;

export class ScriptedChatLlm extends ScriptedLlm {
  constructor() {
    super({
      id: 'scripted (test mode)',
      rules: { [LLM_PURPOSES.taskRespond]: taskChatRespondRule },
    });
  }

  async stream(request: CompletionRequest, onDelta: DeltaCallback): Promise<Completion> {
    const completion = await this.complete(request);
    const pieces = completion.text.match(/\S+\s*/g) ?? [completion.text];
    let soFar = '';
    for (const piece of pieces) {
      await new Promise((resolve) => setTimeout(resolve, PIECE_DELAY_MS));
      request.signal?.throwIfAborted();
      soFar += piece;
      onDelta(piece, soFar);
    }
    return completion;
  }
}
