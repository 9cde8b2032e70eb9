/** Fact extraction (LLM and extractive), and near-duplicate merging. */
export {
  DEFAULT_EXTRACT_MAX_TOKENS,
  extractAll,
  extractSessionFacts,
  factId,
  hasUserText,
  provenance,
  resolveTurnIds,
  runExtraction,
  toFacts,
} from './extract.ts';
export type { ExtractOptions, ExtractProgress, RunExtractionOptions } from './extract.ts';
export {
  extractAllExtractive,
  extractiveFactId,
  extractiveSessionFacts,
  isFactCandidate,
} from './extractive.ts';
export {
  DEFAULT_DEDUP_THRESHOLD,
  compareFactAge,
  dedupeFacts,
  mergeSources,
  naturalCompare,
} from './dedup.ts';
export type { DedupResult, FactMerge } from './dedup.ts';
export {
  DEFAULT_MAX_ASSISTANT_CHARS,
  EXTRACT_FACTS_PURPOSE,
  EXTRACTION_SYSTEM_PROMPT,
  extractionMessages,
  formatTurn,
} from './prompt.ts';
export { extractedFactSchema, extractionSchema, normaliseExtraction } from './schema.ts';
export type { ExtractedFact, ExtractionOutput } from './schema.ts';
export { splitSentences } from './sentences.ts';
