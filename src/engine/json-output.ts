/**
 * Structured LLM calls: every engine step that wants JSON from a model (fact extraction, judges,
 * summaries) goes through `callStructured`. It sends the zod schema as JSON schema (adapters use
 * it for constrained decoding when they can), reads the first JSON value out of the reply
 * (tolerating code fences, leading prose and `<think>` blocks), validates it, and on a bad reply
 * asks again with a short correction quoting what was wrong, a bounded number of times.
 *
 * Cancellation (an aborted signal) throws an AbortError and is never retried. A failing model
 * call (the adapter throws) is reported as a failure, not retried: adapters own transport retries.
 * A caller that may not stand in for a failed call (a judge: a failed call is never a keep) throws
 * it with `throwIfCallFailed`; unreadable output stays a result the caller decides about.
 */
import { z } from 'zod';
import {
  LlmCallError,
  LlmOutputError,
  abortErrorFrom,
  errorMessage,
  isAbortError,
} from './errors.ts';
import type { ChatMessage, LlmPort } from './ports.ts';

export interface StructuredCall<S extends z.ZodType> {
  readonly messages: readonly ChatMessage[];
  readonly schema: S;
  /** Bound on each reply. */
  readonly maxTokens: number;
  /** Purpose tag for logs and scripted fakes ("extract-facts", "judge-node" ...). */
  readonly purpose: string;
  readonly signal?: AbortSignal;
  /** Total attempts including the first (default 3, at least 1). */
  readonly maxAttempts?: number;
  readonly temperature?: number;
  /** Normalises the parsed JSON before validation (e.g. wrap a bare array, lower-case enums). */
  readonly prepare?: (json: unknown) => unknown;
}

interface Usage {
  readonly attempts: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
}

export type StructuredResult<T> =
  | (Usage & { readonly ok: true; readonly value: T; readonly raw: string })
  | (Usage & {
      readonly ok: false;
      /** Readable reason, ready for a log line or a UI message. */
      readonly error: string;
      readonly cause: LlmOutputError | LlmCallError;
      readonly lastOutput?: string;
    });

export const DEFAULT_MAX_ATTEMPTS = 3;
/** How much of a bad reply is quoted back in the correction message. */
const QUOTE_LIMIT = 1500;
/** Balanced candidates tried before giving up on finding JSON in a reply. */
const MAX_CANDIDATES = 20;

const jsonSchemaCache = new WeakMap<z.ZodType, object>();

/** The JSON schema sent to the port: the shape the model must write (zod's input side). */
export function toPortSchema(schema: z.ZodType): object {
  let cached = jsonSchemaCache.get(schema);
  if (!cached) {
    cached = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
    jsonSchemaCache.set(schema, cached);
  }
  return cached;
}

export type JsonExtraction =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: string };

/**
 * The first balanced JSON object or array in `text` that parses. Skips `<think>` blocks, prose and
 * code fences; balanced bracket runs that are not JSON (`[sic]`) are passed over.
 */
export function extractJson(text: string): JsonExtraction {
  const cleaned = text.replace(/<think>[\s\S]*?(<\/think>|$)/g, '');
  let tried = 0;
  let lastParseError: string | undefined;
  for (let start = 0; start < cleaned.length && tried < MAX_CANDIDATES; start++) {
    const ch = cleaned[start];
    if (ch !== '{' && ch !== '[') continue;
    const end = balancedEnd(cleaned, start);
    if (end === 'unclosed') {
      if (lastParseError === undefined) {
        return {
          ok: false,
          error: 'the JSON is cut off before it ends (did the reply hit its token limit?)',
        };
      }
      break;
    }
    if (end === 'mismatched') continue;
    tried++;
    try {
      return { ok: true, value: JSON.parse(cleaned.slice(start, end + 1)) };
    } catch (e) {
      lastParseError = errorMessage(e);
    }
  }
  return {
    ok: false,
    error:
      lastParseError === undefined
        ? 'it contains no JSON object or array'
        : `it is not valid JSON (${lastParseError})`,
  };
}

/** Index of the bracket closing the one at `start`, skipping string contents. */
function balancedEnd(text: string, start: number): number | 'unclosed' | 'mismatched' {
  const stack: string[] = [];
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{') stack.push('}');
    else if (ch === '[') stack.push(']');
    else if (ch === '}' || ch === ']') {
      if (stack.pop() !== ch) return 'mismatched';
      if (stack.length === 0) return i;
    }
  }
  return 'unclosed';
}

/** Zod issues as one short line: `facts[0].category: Invalid option ...; ...`. */
export function formatIssues(error: z.ZodError, limit = 5): string {
  const parts = error.issues.slice(0, limit).map((issue) => {
    const path = issue.path
      .map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`))
      .join('');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  const more = error.issues.length - limit;
  return parts.join('; ') + (more > 0 ? `; and ${more} more` : '');
}

/** Parses and validates one reply. */
export function parseStructured<S extends z.ZodType>(
  text: string,
  schema: S,
  prepare?: (json: unknown) => unknown,
): { ok: true; value: z.output<S> } | { ok: false; error: string } {
  const json = extractJson(text);
  if (!json.ok) return json;
  const result = schema.safeParse(prepare ? prepare(json.value) : json.value);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, error: `it does not match the schema: ${formatIssues(result.error)}` };
}

function correction(error: string): string {
  return (
    `Your previous reply could not be used: ${error}. ` +
    'Reply again with only the JSON that matches the requested schema: no explanation, no code fences.'
  );
}

function quote(text: string): string {
  return text.length <= QUOTE_LIMIT ? text : `${text.slice(0, QUOTE_LIMIT)} …`;
}

/**
 * Throws the `LlmCallError` of a result whose model call failed (server down, time-out, no model):
 * such a result says nothing about the question, so no caller may turn it into a verdict. A
 * result whose output was unreadable (LlmOutputError) is returned as it is.
 */
export function throwIfCallFailed<T>(result: StructuredResult<T>): StructuredResult<T> {
  if (!result.ok && result.cause instanceof LlmCallError) throw result.cause;
  return result;
}

/** One structured call with bounded corrective retries. Throws only AbortError. */
export async function callStructured<S extends z.ZodType>(
  llm: LlmPort,
  call: StructuredCall<S>,
): Promise<StructuredResult<z.output<S>>> {
  const { signal, purpose } = call;
  const maxAttempts = Math.max(1, Math.floor(call.maxAttempts ?? DEFAULT_MAX_ATTEMPTS));
  const schema = toPortSchema(call.schema);
  let attempts = 0;
  let promptTokens = 0;
  let completionTokens = 0;
  let messages: readonly ChatMessage[] = call.messages;
  let lastError = '';
  let lastOutput: string | undefined;

  while (attempts < maxAttempts) {
    if (signal?.aborted) throw abortErrorFrom(signal);
    attempts++;
    let text: string;
    try {
      const completion = await llm.completeStructured({
        messages,
        schema,
        maxTokens: call.maxTokens,
        purpose,
        ...(signal ? { signal } : {}),
        ...(call.temperature === undefined ? {} : { temperature: call.temperature }),
      });
      text = completion.text;
      promptTokens += completion.promptTokens;
      completionTokens += completion.completionTokens;
    } catch (e) {
      if (signal?.aborted) throw abortErrorFrom(signal);
      if (isAbortError(e)) throw e;
      const cause = new LlmCallError(
        `The model call for "${purpose}" failed: ${errorMessage(e)}`,
        purpose,
        {
          cause: e,
        },
      );
      return {
        ok: false,
        error: cause.message,
        cause,
        attempts,
        promptTokens,
        completionTokens,
        ...(lastOutput === undefined ? {} : { lastOutput }),
      };
    }
    if (signal?.aborted) throw abortErrorFrom(signal);
    const parsed = parseStructured(text, call.schema, call.prepare);
    if (parsed.ok) {
      return { ok: true, value: parsed.value, raw: text, attempts, promptTokens, completionTokens };
    }
    lastError = parsed.error;
    lastOutput = text;
    // Only the latest bad reply is quoted back, so the prompt does not grow with each retry.
    messages = [
      ...call.messages,
      { role: 'assistant', content: quote(text) },
      { role: 'user', content: correction(parsed.error) },
    ];
  }

  llm.onUnreadableOutput?.(purpose);
  const cause = new LlmOutputError(
    `The model's reply for "${purpose}" could not be used after ${attempts} attempt${attempts === 1 ? '' : 's'}: ` +
      `${lastError}. Try again, or choose a larger or instruction-tuned model.`,
    purpose,
    attempts,
    lastOutput,
  );
  return {
    ok: false,
    error: cause.message,
    cause,
    attempts,
    promptTokens,
    completionTokens,
    ...(lastOutput === undefined ? {} : { lastOutput }),
  };
}
