/**
 * Which LLM and embedder the CLI runs with. `scripted` and `hash` are the test fakes: choosing
 * them is the CLI's explicit test mode, and every output says so.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { EmbedderPort, LlmPort } from '../../src/engine/ports.ts';
import { HashEmbedder, ScriptedLlm } from '../../src/engine/testing/index.ts';
import { BUNDLED_EMBEDDER } from '../../src/models/embedder/bundled-model.ts';
import { LazyNodeBundledEmbedder } from '../../src/models/embedder/node-bundled.ts';
import { LazyNodeFolderEmbedder } from '../../src/models/embedder/node-folder.ts';
import type { RetryPolicy } from '../../src/engine/retry/policy.ts';
import { OpenAiHttpPort } from '../../src/models/llm/openai-http-port.ts';
import { retryNoticeLine, type RetryNotice } from '../../src/models/llm/retry-notice.ts';
import { UsageError, choice } from './args.ts';

export const LLM_CHOICES = ['none', 'scripted'] as const;
export const EMBEDDER_CHOICES = ['bundled', 'hash'] as const;

const EMBEDDER_LABELS: Record<(typeof EMBEDDER_CHOICES)[number], string> = {
  bundled: BUNDLED_EMBEDDER.label,
  hash: 'hash (TEST MODE: deterministic hashing embedder)',
};

/**
 * `bundled` (the default) is the real GloVe embedder from public/models; `hash` the test fake;
 * any other value is a transformers.js model folder on disk, loaded offline (node-folder.ts).
 */
function embedderFrom(value: string | undefined): { embedder: EmbedderPort; label: string } {
  if (value !== undefined && !(EMBEDDER_CHOICES as readonly string[]).includes(value)) {
    return folderEmbedderFrom(value);
  }
  const name = choice(value, 'embedder', EMBEDDER_CHOICES, 'bundled');
  const embedder = name === 'hash' ? new HashEmbedder() : new LazyNodeBundledEmbedder();
  return { embedder, label: EMBEDDER_LABELS[name] };
}

/** `--embedder <model folder>`: checked now (a clear UsageError), loaded on first use. */
function folderEmbedderFrom(value: string): { embedder: EmbedderPort; label: string } {
  const folder = resolve(value);
  if (!existsSync(folder)) {
    throw new UsageError(
      `--embedder must be bundled, hash or a model folder; "${value}" is neither (no such ` +
        `folder: ${folder})`,
    );
  }
  try {
    const embedder = new LazyNodeFolderEmbedder(folder);
    const { dtype, pooling } = embedder.info;
    return { embedder, label: `${folder} (transformers.js folder, ${dtype}, ${pooling} pooling)` };
  } catch (error) {
    throw new UsageError(`--embedder ${value}: ${(error as Error).message}`);
  }
}

export interface CliModels {
  readonly llm?: LlmPort;
  readonly embedder: EmbedderPort;
  /** Human-readable labels, printed with every result. */
  readonly labels: { readonly llm: string; readonly embedder: string };
}

export function modelsFrom(
  values: {
    llm?: string | undefined;
    embedder?: string | undefined;
  },
  /** How an OpenAI-compatible server's failures are retried (default: the port's own). */
  retry?: RetryPolicy,
  /** Where each retry of a server call is said (default: a line on stderr). */
  onRetry: (notice: RetryNotice) => void = printRetry,
): CliModels {
  const { embedder, label: embedderLabel } = embedderFrom(values.embedder);
  if (values.llm?.startsWith('openai:')) {
    const llm = openAiFrom(values.llm, retry, onRetry);
    const llmLabel = `${llm.id} (LEAVES THIS DEVICE: prompts are sent to ${llm.url})`;
    return { llm, embedder, labels: { llm: llmLabel, embedder: embedderLabel } };
  }
  const llmName = choice(values.llm, 'llm', LLM_CHOICES, 'none');
  const labels = {
    llm:
      llmName === 'scripted'
        ? 'scripted (TEST MODE: rule-based fake LLM)'
        : 'none (extractive facts, keyword-label summaries)',
    embedder: embedderLabel,
  };
  return llmName === 'scripted'
    ? { llm: new ScriptedLlm(), embedder, labels }
    : { embedder, labels };
}

/** `openai:http://127.0.0.1:8080#model-name`: an OpenAI-compatible endpoint (opt-in, off-device). */
export function openAiFrom(
  spec: string,
  retry?: RetryPolicy,
  onRetry: (notice: RetryNotice) => void = printRetry,
): OpenAiHttpPort {
  const rest = spec.slice('openai:'.length);
  const hash = rest.lastIndexOf('#');
  const baseUrl = hash < 0 ? rest : rest.slice(0, hash);
  const model = hash < 0 ? '' : rest.slice(hash + 1);
  if (!/^https?:\/\/[^\s]+$/.test(baseUrl) || !model) {
    throw new UsageError(`--llm openai: expects openai:<http(s) base URL>#<model>, got "${spec}"`);
  }
  return new OpenAiHttpPort({ baseUrl, model, onRetry, ...(retry ? { retry } : {}) });
}

/** A server call's retry, said at once on stderr: "grove: cannot reach …; retry 2 of 5 in 4 s". */
export function printRetry(notice: RetryNotice): void {
  process.stderr.write(`grove: ${retryNoticeLine(notice)}\n`);
}
