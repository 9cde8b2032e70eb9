/**
 * Which LLM and embedder the CLI runs with. `scripted` and `hash` are the test fakes: choosing
 * them is the CLI's explicit test mode, and every output says so.
 */
import type { EmbedderPort, LlmPort } from '../../src/engine/ports.ts';
import { HashEmbedder, ScriptedLlm } from '../../src/engine/testing/index.ts';
import { BUNDLED_EMBEDDER } from '../../src/models/embedder/bundled-model.ts';
import { LazyNodeBundledEmbedder } from '../../src/models/embedder/node-bundled.ts';
import { OpenAiHttpPort } from '../../src/models/llm/openai-http-port.ts';
import { UsageError, choice } from './args.ts';

export const LLM_CHOICES = ['none', 'scripted'] as const;
export const EMBEDDER_CHOICES = ['bundled', 'hash'] as const;

const EMBEDDER_LABELS: Record<(typeof EMBEDDER_CHOICES)[number], string> = {
  bundled: BUNDLED_EMBEDDER.label,
  hash: 'hash (TEST MODE: deterministic hashing embedder)',
};

/** `bundled` (the default) is the real GloVe embedder from public/models; `hash` the test fake. */
function embedderFrom(value: string | undefined): { embedder: EmbedderPort; label: string } {
  const name = choice(value, 'embedder', EMBEDDER_CHOICES, 'bundled');
  const embedder = name === 'hash' ? new HashEmbedder() : new LazyNodeBundledEmbedder();
  return { embedder, label: EMBEDDER_LABELS[name] };
}

export interface CliModels {
  readonly llm?: LlmPort;
  readonly embedder: EmbedderPort;
  /** Human-readable labels, printed with every result. */
  readonly labels: { readonly llm: string; readonly embedder: string };
}

export function modelsFrom(values: {
  llm?: string | undefined;
  embedder?: string | undefined;
}): CliModels {
  const { embedder, label: embedderLabel } = embedderFrom(values.embedder);
  if (values.llm?.startsWith('openai:')) {
    const llm = openAiFrom(values.llm);
    const llmLabel = `${llm.id} (LEAVES THIS DEVICE: prompts are sent to ${llm.url})`;
    return { llm, embedder, labels: { llm: llmLabel, embedder: embedderLabel } };
  }
  const llmName = choice(values.llm, 'llm', LLM_CHOICES, 'none');
  const labels = {
    llm:
      llmName === 'scripted'
        ? 'scripted (TEST MODE: rule-based fake LLM)'
        : 'none (extractive facts, central-member summaries)',
    embedder: embedderLabel,
  };
  return llmName === 'scripted'
    ? { llm: new ScriptedLlm(), embedder, labels }
    : { embedder, labels };
}

/** `openai:http://127.0.0.1:8080#model-name`: an OpenAI-compatible endpoint (opt-in, off-device). */
export function openAiFrom(spec: string): OpenAiHttpPort {
  const rest = spec.slice('openai:'.length);
  const hash = rest.lastIndexOf('#');
  const baseUrl = hash < 0 ? rest : rest.slice(0, hash);
  const model = hash < 0 ? '' : rest.slice(hash + 1);
  if (!/^https?:\/\/[^\s]+$/.test(baseUrl) || !model) {
    throw new UsageError(`--llm openai: expects openai:<http(s) base URL>#<model>, got "${spec}"`);
  }
  return new OpenAiHttpPort({ baseUrl, model });
}
