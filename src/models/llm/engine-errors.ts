/**
 * web-llm failures → Grove's error types. Errors from the worker arrive as strings
 * ("ShaderF16SupportError: This model requires ..."), so the mapping reads names and messages.
 */
import { AbortError, LlmCallError, isAbortError } from '../../engine/errors.ts';
import {
  ContextWindowError,
  ModelLoadError,
  ModelNotLoadedError,
  OutOfMemoryError,
  ShaderF16UnsupportedError,
  WebGPUUnavailableError,
} from '../errors.ts';

const OWN = [
  AbortError,
  ContextWindowError,
  ModelLoadError,
  ModelNotLoadedError,
  OutOfMemoryError,
  ShaderF16UnsupportedError,
  WebGPUUnavailableError,
  LlmCallError,
];

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return typeof error === 'string' ? error : String(error);
}

/** Strips a leading "SomeError: " so messages read well inside ours. */
function detailOf(text: string): string {
  return text.replace(/^(?:Error: )?[A-Za-z]*Error: /, '').trim() || text;
}

export function mapEngineError(
  error: unknown,
  context: {
    readonly modelId: string;
    readonly phase: 'load' | 'generate';
    readonly purpose?: string;
  },
): Error {
  if (OWN.some((type) => error instanceof type)) return error as Error;
  if (isAbortError(error)) return new AbortError(undefined, { cause: error });
  const text = describe(error);
  const options = { cause: error };
  if (
    /WebGPUNotAvailable|WebGPUNotFound|Cannot find WebGPU|navigator\.gpu|requestAdapter/i.test(text)
  ) {
    return new WebGPUUnavailableError(detailOf(text), options);
  }
  if (/ShaderF16|shader-f16/i.test(text))
    return new ShaderF16UnsupportedError(context.modelId, options);
  if (/DeviceLost|out of memory|\bOOM\b|device was lost|allocation failed/i.test(text)) {
    return new OutOfMemoryError(context.modelId, options);
  }
  if (/ContextWindowSizeExceeded|exceed context window/i.test(text)) {
    return new ContextWindowError(detailOf(text).split('\n')[0] ?? text, options);
  }
  if (/ModelNotLoaded|not loaded with a model/i.test(text))
    return new ModelNotLoadedError(context.modelId);
  if (context.phase === 'load') {
    const detail = /Unexpected token '<'|<!doctype|<html/i.test(text)
      ? 'the model URL served a web page instead of the model files (mlc-chat-config.json); the model folder is missing there'
      : detailOf(text);
    return new ModelLoadError(context.modelId, detail, options);
  }
  const purpose = context.purpose ?? 'chat';
  return new LlmCallError(
    `${context.modelId} failed during "${purpose}": ${detailOf(text)}`,
    purpose,
    options,
  );
}
