/**
 * The persistent LLM response cache of `grove eval` (on by default in .grove-cache/llm; `--cache
 * DIR` moves it, `--no-cache` turns it off). A reply is stored under the SHA-256 of what decides
 * it: the model (the port's id, `openai:URL#model`), the call's purpose, its messages, the
 * sampling settings that change the output (max tokens, temperature) and, for structured calls,
 * the JSON schema. Methods and re-runs over the same benchmark therefore share their extraction,
 * summaries and answers: a second run asks the server nothing it was asked before.
 *
 * - The n-th identical request of a process gets the n-th stored reply, so an engine retry after
 *   an unusable reply asks again instead of reading the same reply back, and a re-run replays
 *   the first run exactly.
 * - Entries are written atomically (a temporary file, then a rename): a killed run leaves no
 *   half-written entry. An entry that does not read back as one (truncated, edited, another
 *   format) is a miss: the reply is fetched again and the entry rewritten.
 * - Only replies are stored, never failures.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type {
  Completion,
  CompletionRequest,
  LlmPort,
  StructuredRequest,
} from '../../src/engine/ports.ts';

/** Where the cache lives unless `--cache DIR` says otherwise (relative to the working folder). */
export const DEFAULT_LLM_CACHE_DIR = '.grove-cache/llm';

const FORMAT = 'grove-llm-cache/1';

// The callback API: fewer allocations per file than fs/promises' FileHandles, which counts at
// hundreds of replies a second.
const readText = promisify(readFile);
const writeText = promisify(writeFile);
const makeDir = promisify(mkdir);
const renameFile = promisify(rename);
const remove = promisify(rm);

export type CallKind = 'complete' | 'structured';

/** JSON with object keys sorted, so equal requests give equal text whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The cache key of a request to model `modelId`: hex SHA-256 of what decides the reply. */
export function cacheKey(
  modelId: string,
  kind: CallKind,
  request: CompletionRequest | StructuredRequest,
): string {
  const material = {
    format: FORMAT,
    model: modelId,
    kind,
    purpose: request.purpose ?? '',
    messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
    maxTokens: request.maxTokens,
    temperature: request.temperature ?? null,
    schema: 'schema' in request ? request.schema : null,
  };
  return createHash('sha256').update(canonicalJson(material)).digest('hex');
}

interface Entry {
  readonly format: string;
  readonly key: string;
  readonly model: string;
  readonly purpose: string;
  readonly completion: Completion;
}

function isEntry(value: unknown, key: string): value is Entry {
  const entry = value as Partial<Entry> | null;
  const c = entry?.completion as Partial<Completion> | undefined;
  return (
    entry?.format === FORMAT &&
    entry.key === key &&
    typeof c?.text === 'string' &&
    Number.isFinite(c.promptTokens) &&
    Number.isFinite(c.completionTokens)
  );
}

export interface CacheStats {
  /** Replies read back from the cache. */
  hits: number;
  /** Replies fetched from the model (no entry, or a corrupt one). */
  misses: number;
  /** Entries found but unreadable: fetched again and rewritten. */
  corrupt: number;
  /** Entries that could not be written (the run goes on; the reply is simply not kept). */
  writeErrors: number;
}

export class LlmResponseCache {
  readonly stats: CacheStats = { hits: 0, misses: 0, corrupt: 0, writeErrors: 0 };
  private readonly seen = new Map<string, number>();
  /** Sub-folders this process made (or found): each is made once. */
  private readonly folders = new Set<string>();
  private writes = 0;

  constructor(readonly dir: string) {}

  /** The file of the `occurrence`-th request with this key (0 for the first). */
  pathOf(key: string, occurrence = 0): string {
    const name = occurrence === 0 ? `${key}.json` : `${key}.${occurrence}.json`;
    return join(this.dir, key.slice(0, 2), name);
  }

  /**
   * The stored reply for this request, or the model's (then stored). Counts which it was.
   */
  async reply(
    key: string,
    meta: { readonly model: string; readonly purpose: string },
    fetch: () => Promise<Completion>,
  ): Promise<Completion> {
    const occurrence = this.seen.get(key) ?? 0;
    this.seen.set(key, occurrence + 1);
    const path = this.pathOf(key, occurrence);
    const stored = await this.read(path, key);
    if (stored) {
      this.stats.hits++;
      return stored;
    }
    this.stats.misses++;
    const completion = await fetch();
    await this.write(path, { format: FORMAT, key, ...meta, completion });
    return completion;
  }

  private async read(path: string, key: string): Promise<Completion | undefined> {
    let text: string;
    try {
      text = await readText(path, 'utf8');
    } catch {
      return undefined;
    }
    try {
      const entry: unknown = JSON.parse(text);
      if (isEntry(entry, key)) {
        const { text: reply, promptTokens, completionTokens } = entry.completion;
        return { text: reply, promptTokens, completionTokens };
      }
    } catch {
      // Not JSON: corrupt, counted below.
    }
    this.stats.corrupt++;
    return undefined;
  }

  /** Writes to a temporary file beside the entry, then renames it into place. */
  private async write(path: string, entry: Entry): Promise<void> {
    // Unique among processes (pid) and within this one (counter).
    const temporary = `${path}.${process.pid}.${++this.writes}.tmp`;
    try {
      const folder = dirname(path);
      if (!this.folders.has(folder)) {
        await makeDir(folder, { recursive: true });
        this.folders.add(folder);
      }
      await writeText(temporary, JSON.stringify(entry));
      await renameFile(temporary, path);
    } catch {
      this.stats.writeErrors++;
      await remove(temporary, { force: true }).catch(() => undefined);
    }
  }
}

/** `inner` with every reply going through `cache`; keeps the port's concurrency. */
export function cachedLlm(inner: LlmPort, cache: LlmResponseCache): LlmPort {
  const through = <R extends CompletionRequest>(
    kind: CallKind,
    request: R,
    call: (request: R) => Promise<Completion>,
  ) =>
    cache.reply(
      cacheKey(inner.id, kind, request),
      { model: inner.id, purpose: request.purpose ?? '' },
      () => call(request),
    );
  return {
    id: inner.id,
    ...(inner.concurrency === undefined ? {} : { concurrency: inner.concurrency }),
    complete: (request) => through('complete', request, (r) => inner.complete(r)),
    completeStructured: (request) =>
      through('structured', request, (r) => inner.completeStructured(r)),
    countTokens: (text) => inner.countTokens(text),
  };
}
