/**
 * A fake transformers.js text-generation pipeline and helpers for tests (no weights exist on this
 * machine). Like the real one it calls the streamer's callback per piece (here: per word, with a
 * real await between pieces, so any interleaving would show) and checks its stopping criteria
 * before each step. It records every call and the peak number of concurrent generations.
 */
import type {
  Stopper,
  TextGenHelpers,
  TextGenMessage,
  TextGenOptions,
  TextGenPipelineLike,
} from './transformers-textgen-port.ts';

export interface FakeTextGenOptions {
  /** The reply for a call (default: echoes the last message). */
  readonly reply?: (messages: TextGenMessage[]) => string;
  /** Rejects every call with this error. */
  readonly failWith?: Error;
  /**
   * Calls for which it generates "tok " pieces until interrupted, ignoring max_new_tokens: such
   * a call can only end through cancellation.
   */
  readonly endless?: (messages: TextGenMessage[]) => boolean;
  /** The pause before each piece, in ms (default 0: one event-loop turn). */
  readonly pieceDelayMs?: number;
}

export function fakeTextGenPipeline(options: FakeTextGenOptions = {}) {
  const calls: { messages: TextGenMessage[]; options: TextGenOptions }[] = [];
  const stats = { active: 0, maxActive: 0, interrupted: 0 };
  const reply = options.reply ?? ((messages) => messages.at(-1)?.content ?? '');
  const tick = () => new Promise<void>((resolve) => setTimeout(resolve, options.pieceDelayMs ?? 0));
  const generator = Object.assign(
    async (messages: TextGenMessage[], callOptions: TextGenOptions) => {
      calls.push({ messages, options: callOptions });
      stats.active++;
      stats.maxActive = Math.max(stats.maxActive, stats.active);
      try {
        await tick();
        if (options.failWith) throw options.failWith;
        const stoppers = (callOptions.stopping_criteria ?? []) as { interrupted: boolean }[];
        const streamer = callOptions.streamer as { onText?: (t: string) => void } | undefined;
        const words = options.endless?.(messages)
          ? endlessWords()
          : reply(messages)
              .split(/(?<= )/)
              .slice(0, callOptions.max_new_tokens);
        let text = '';
        for (const word of words) {
          if (stoppers.some((s) => s.interrupted)) {
            stats.interrupted++;
            break;
          }
          await tick();
          text += word;
          streamer?.onText?.(word);
        }
        return [{ generated_text: [...messages, { role: 'assistant', content: text }] }];
      } finally {
        stats.active--;
      }
    },
    {
      tokenizer: {
        encode: (text: string) =>
          text
            .split(/\s+/)
            .filter(Boolean)
            .map(() => 1),
      },
    },
  ) as TextGenPipelineLike;
  return { generator, calls, stats };
}

function* endlessWords(): Generator<string> {
  for (;;) yield 'tok ';
}

/** Stand-ins for transformers.js' TextStreamer and InterruptableStoppingCriteria. */
export const fakeTextGenHelpers: TextGenHelpers = {
  createStreamer: (_tokenizer, onText) => ({ onText }),
  createStopper: (): Stopper & { interrupted: boolean } => ({
    interrupted: false,
    interrupt() {
      this.interrupted = true;
    },
    reset() {
      this.interrupted = false;
    },
  }),
};
