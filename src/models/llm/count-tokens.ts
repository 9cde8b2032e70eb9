/**
 * Token counting with the loaded model's own tokenizer, inside the LLM worker. web-llm 0.2.86 has
 * no public tokenizer API, so this reads the loaded pipeline's tokenizer (a private field of
 * MLCEngine). If a web-llm upgrade moves it, counting throws and WebLlmPort falls back to the
 * engine's model-free approximation.
 */
export const COUNT_TOKENS_REQUEST = 'grove.countTokens';

interface TokenizerLike {
  encode(text: string): ArrayLike<number>;
}

export function countWithLoadedTokenizer(engine: unknown, text: string): number {
  const pipelines = (engine as { loadedModelIdToPipeline?: Map<string, { tokenizer?: unknown }> })
    .loadedModelIdToPipeline;
  const pipeline = pipelines instanceof Map ? pipelines.values().next().value : undefined;
  const tokenizer = pipeline?.tokenizer as TokenizerLike | undefined;
  if (!tokenizer || typeof tokenizer.encode !== 'function') {
    throw new Error('No model tokenizer is loaded in the LLM worker.');
  }
  return tokenizer.encode(text).length;
}
