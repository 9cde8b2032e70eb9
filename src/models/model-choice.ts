/**
 * The user's model choice (chat model, embedder, cache backend, self-hosted model URL), persisted
 * through a tiny key-value `SettingsStore`. localStorage backs it in the browser; the interface
 * lets the app swap in its Dexie-backed settings later without touching callers.
 */
import { z } from 'zod';
import { DEFAULT_EMBEDDER } from './catalogue.ts';
import { normaliseModelBaseUrl } from './embedder/offline-env.ts';

export interface SettingsStore {
  read(key: string): string | null;
  write(key: string, value: string): void;
  remove(key: string): void;
}

/** localStorage-backed settings; quietly read-only when storage is blocked (private mode, quota). */
export class LocalStorageSettings implements SettingsStore {
  constructor(private readonly storage: Storage | undefined = globalThis.localStorage) {}
  read(key: string): string | null {
    try {
      return this.storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  }
  write(key: string, value: string): void {
    try {
      this.storage?.setItem(key, value);
    } catch {
      // Storage full or blocked: the choice lasts for this session only.
    }
  }
  remove(key: string): void {
    try {
      this.storage?.removeItem(key);
    } catch {
      // As above.
    }
  }
}

export class MemorySettings implements SettingsStore {
  private readonly values = new Map<string, string>();
  read(key: string): string | null {
    return this.values.get(key) ?? null;
  }
  write(key: string, value: string): void {
    this.values.set(key, value);
  }
  remove(key: string): void {
    this.values.delete(key);
  }
}

export const CACHE_BACKENDS = ['cache', 'indexeddb', 'opfs'] as const;
export type CacheBackendChoice = (typeof CACHE_BACKENDS)[number];

const llmChoiceSchema = z.discriminatedUnion('kind', [
  /** Pick the best the device can run. */
  z.object({ kind: z.literal('auto') }),
  z.object({
    kind: z.literal('webllm'),
    family: z.string().min(1),
    precision: z.enum(['auto', 'f16', 'f32']).default('auto'),
  }),
  z.object({ kind: z.literal('wasm'), model: z.string().min(1) }),
  /** No LLM: extractive facts, keyword-label summaries, the hybrid judge (embedding + BM25). */
  z.object({ kind: z.literal('none') }),
  /** An OpenAI-compatible endpoint: opt-in only, data leaves the device. */
  z.object({ kind: z.literal('openai'), baseUrl: z.url(), model: z.string().min(1) }),
]);
export type LlmChoice = z.infer<typeof llmChoiceSchema>;

/**
 * The self-hosted model base URL setting, checked and normalised: an http(s) URL or a path on
 * this site ("/models/"), ending in "/"; blank or null = none. Throws ModelBaseUrlError (with the
 * fix in its message) for anything else: another scheme, a bare word, "//host/...".
 */
export function parseModelBaseUrl(raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined || raw.trim() === '') return null;
  return normaliseModelBaseUrl(raw);
}

/** A stored value that is not a valid base URL reads as none. */
const storedModelBaseUrl = z
  .string()
  .nullable()
  .transform((value, context) => {
    try {
      return parseModelBaseUrl(value);
    } catch (error) {
      context.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  });

const choiceSchema = z.object({
  llm: llmChoiceSchema,
  embedder: z.string().min(1),
  cacheBackend: z.enum(CACHE_BACKENDS),
  /**
   * Self-hosted model base URL (air-gapped demos) for both runtimes: web-llm reads
   * `<base><modelId>/` and `<base>libs/`, transformers.js `<base><org>/<name>/`. null = the
   * defaults (web-llm's public hosts; the app's /models/ for embedders).
   */
  modelBaseUrl: z.string().nullable(),
});
export type ModelChoice = z.infer<typeof choiceSchema>;

/** Reading is lenient: each bad field falls back to its default. */
const storedChoiceSchema = z.object({
  llm: llmChoiceSchema.catch({ kind: 'auto' }),
  embedder: z.string().min(1).catch(DEFAULT_EMBEDDER),
  cacheBackend: z.enum(CACHE_BACKENDS).catch('cache'),
  modelBaseUrl: storedModelBaseUrl.catch(null),
});

export const DEFAULT_CHOICE: ModelChoice = {
  llm: { kind: 'auto' },
  embedder: DEFAULT_EMBEDDER,
  cacheBackend: 'cache',
  modelBaseUrl: null,
};

export const MODEL_CHOICE_KEY = 'grove.model-choice.v1';

/** Reads and writes the choice; a corrupt or partial record falls back to defaults field by field. */
export class ModelChoiceStore {
  constructor(private readonly settings: SettingsStore) {}

  load(): ModelChoice {
    const raw = this.settings.read(MODEL_CHOICE_KEY);
    if (raw === null) return DEFAULT_CHOICE;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return DEFAULT_CHOICE;
    }
    const parsed = storedChoiceSchema.safeParse({
      ...DEFAULT_CHOICE,
      ...(isObject(json) ? json : {}),
    });
    return parsed.success ? parsed.data : DEFAULT_CHOICE;
  }

  /** Validates and persists; an invalid base URL throws ModelBaseUrlError and saves nothing. */
  save(choice: ModelChoice): ModelChoice {
    const valid = choiceSchema.parse({
      ...choice,
      modelBaseUrl: parseModelBaseUrl(choice.modelBaseUrl),
    });
    this.settings.write(MODEL_CHOICE_KEY, JSON.stringify(valid));
    return valid;
  }

  update(patch: Partial<ModelChoice>): ModelChoice {
    return this.save({ ...this.load(), ...patch });
  }

  reset(): void {
    this.settings.remove(MODEL_CHOICE_KEY);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
