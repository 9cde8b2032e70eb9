/**
 * Embedder failures, each with a message the user can act on. `name` is explicit so it survives
 * minification and crosses the worker boundary as `{ name, message }`.
 */

/** The model folder (config, tokenizer or ONNX file) is not where the app looks for it. */
export class EmbedderModelMissingError extends Error {
  override readonly name = 'EmbedderModelMissingError';

  /** The error for model `modelId` looked up under `location`. */
  static at(modelId: string, location: string, options?: ErrorOptions): EmbedderModelMissingError {
    return new EmbedderModelMissingError(
      `The embedding model "${modelId}" was not found at ${location}. The bundled model ships in ` +
        `public/models/grove/glove-wink-100d (rebuild it with \`npx tsx ` +
        `scripts/models/build-bundled-embedder.ts\`); for another model, copy its folder ` +
        `(config.json, tokenizer.json, tokenizer_config.json, onnx/) under that location or set ` +
        `a self-hosted model base URL that serves it.`,
      options,
    );
  }
}

/** The model or the runtime could not be loaded (ONNX runtime files missing, corrupt model...). */
export class EmbedderLoadError extends Error {
  override readonly name = 'EmbedderLoadError';
}

/** The requested device cannot run here (e.g. WebGPU forced in a browser without it). */
export class EmbedderDeviceError extends Error {
  override readonly name = 'EmbedderDeviceError';
}

/** Inference itself failed, or returned something that is not one vector per text. */
export class EmbedderRunError extends Error {
  override readonly name = 'EmbedderRunError';
}

/** The self-hosted model base URL setting is not a usable URL. */
export class ModelBaseUrlError extends Error {
  override readonly name = 'ModelBaseUrlError';
}
