/**
 * Model-side failures, each with a message a user can act on. `name` is set explicitly so it
 * survives minification and crosses workers as `{ name, message }`.
 */

/** The browser exposes no usable WebGPU adapter. */
export class WebGPUUnavailableError extends Error {
  override readonly name = 'WebGPUUnavailableError';
  constructor(detail?: string, options?: ErrorOptions) {
    super(
      `WebGPU is not available${detail ? ` (${detail})` : ''}. ` +
        'Use a current Chrome or Edge (113+) on Windows, macOS or ChromeOS; on Linux start Chrome with ' +
        '--enable-unsafe-webgpu (or enable chrome://flags/#enable-unsafe-webgpu); in Firefox 141+ or ' +
        'Safari 26+ WebGPU is on by default. Pages must be served over https or from localhost. ' +
        'Meanwhile Grove runs the slower WASM model or works without an LLM.',
      options,
    );
  }
}

/** The model needs the `shader-f16` WebGPU feature, which this adapter lacks. */
export class ShaderF16UnsupportedError extends Error {
  override readonly name = 'ShaderF16UnsupportedError';
  constructor(modelId: string, options?: ErrorOptions) {
    super(
      `${modelId} needs the WebGPU feature shader-f16, which this GPU or browser does not offer. ` +
        'Choose the f32 variant of the same model (Grove does this automatically in "auto" precision).',
      options,
    );
  }
}

/** The GPU ran out of memory (or the device was lost while loading or generating). */
export class OutOfMemoryError extends Error {
  override readonly name = 'OutOfMemoryError';
  constructor(modelId: string, options?: ErrorOptions) {
    super(
      `The GPU ran out of memory running ${modelId}. Choose a smaller model (e.g. SmolLM2-360M or ` +
        'Qwen2.5-0.5B), close other GPU-heavy tabs, then reload the page.',
      options,
    );
  }
}

/** Weights, tokenizer or model library could not be downloaded or initialised. */
export class ModelLoadError extends Error {
  override readonly name = 'ModelLoadError';
  constructor(
    readonly modelId: string,
    detail: string,
    options?: ErrorOptions,
  ) {
    super(
      `Could not load ${modelId}: ${detail}. Check the connection or the self-hosted model URL in ` +
        'settings, free some disk space, or pick another model.',
      options,
    );
  }
}

/** The prompt does not fit the model's context window. */
export class ContextWindowError extends Error {
  override readonly name = 'ContextWindowError';
  constructor(detail: string, options?: ErrorOptions) {
    super(
      `The prompt is too long for the model's context window (${detail}). Retrieve fewer memories, ` +
        'shorten the conversation, or choose a model with a larger context.',
      options,
    );
  }
}

/** A call was made before the model finished loading. */
export class ModelNotLoadedError extends Error {
  override readonly name = 'ModelNotLoadedError';
  constructor(modelId: string) {
    super(`${modelId} is not loaded yet. Load the model (Settings → Model) before chatting.`);
  }
}

/** An OpenAI-compatible endpoint answered with an HTTP error or could not be reached. */
export class EndpointError extends Error {
  override readonly name = 'EndpointError';
  /** The reply's Retry-After header (seconds or an HTTP date), when it sent one. */
  readonly retryAfter?: string;
  constructor(
    message: string,
    /** HTTP status, or undefined when the endpoint could not be reached. */
    readonly status?: number,
    options?: ErrorOptions & { readonly retryAfter?: string },
  ) {
    super(message, options);
    if (options?.retryAfter !== undefined) this.retryAfter = options.retryAfter;
  }
}

/** An endpoint's reply is not an OpenAI chat completion. */
export class EndpointResponseError extends Error {
  override readonly name = 'EndpointResponseError';
}

/** An endpoint did not answer in time. Not an AbortError: the user did not cancel it. */
export class EndpointTimeoutError extends Error {
  override readonly name = 'EndpointTimeoutError';
  constructor(url: string, timeoutMs: number, detail?: string, options?: ErrorOptions) {
    super(
      `${url} did not answer within ${Math.round(timeoutMs / 1000)} s${detail ? ` (${detail})` : ''}. ` +
        'Check that the server is running and not overloaded, or raise the timeout.',
      options,
    );
  }
}
