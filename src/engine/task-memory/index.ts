/**
 * MAP task memory (guide §1.3): intent + QA memory per session, intent-embedding (or hybrid)
 * activation, judged re-ranking, pruning to core answers, the response prompt and the proactive
 * loop.
 * The API the chat integration and the memory inspector build on.
 */
export type {
  ActivatedUnit,
  RankedQa,
  TaskMemoryUnit,
  TaskProvenance,
  TaskQa,
  TaskSlot,
} from './types.ts';
export {
  DEFAULT_EMBEDDING_WEIGHT,
  DEFAULT_INTENT_WEIGHT,
  InvalidActivationWeightError,
  activate,
  activateHybrid,
  activateUnits,
  embedIntent,
  embedIntents,
  MissingIntentVectorError,
} from './activate.ts';
export type { HybridActivationOptions, IntentVectors } from './activate.ts';
export { DEFAULT_OPEN_TASK_WEIGHT, closedness, termCosine, termVectors } from './open-tasks.ts';
export {
  DEFAULT_OPENING_TURNS,
  OPENING_QUESTION,
  closestSlot,
  extractTaskMemory,
  extractiveIntent,
} from './extractive.ts';
export type { ExtractiveOptions } from './extractive.ts';
export { describeIntent, describeSession, missingQuestions } from './llm-memory.ts';
export type { Described, LlmTaskOptions } from './llm-memory.ts';
export {
  DEFAULT_SLOT_WEIGHT,
  FAILED_JUDGE_SCORE,
  createEmbeddingJudge,
  createLlmJudge,
} from './judge.ts';
export type {
  JudgeCandidate,
  JudgeOutcome,
  JudgeRequest,
  JudgeVerdict,
  TaskJudge,
} from './judge.ts';
export {
  DEFAULT_ALPHA,
  DEFAULT_TOP_QA,
  InvalidAlphaError,
  checkAlpha,
  pruneToAnswers,
  rankedSessions,
  rerank,
  topQa,
} from './rerank.ts';
export type { RerankOptions } from './rerank.ts';
export { DEFAULT_TOP_UNITS, recallTaskMemory, unsaidSlots } from './recall.ts';
export type { RecallOptions, RecallResult } from './recall.ts';
export { respond } from './respond.ts';
export type { RespondOptions } from './respond.ts';
export {
  DEFAULT_MAX_TURNS,
  askAbout,
  createLlmSlotChecker,
  createStringSlotChecker,
  pendingSlots,
  runProactiveLoop,
} from './proactive.ts';
export type {
  ProactiveOptions,
  ProactiveResult,
  ProactiveTurn,
  SlotCheck,
  SlotChecker,
  SlotStatus,
} from './proactive.ts';
export { SgdSchemaError, findIntent, sgdCatalogue, slotQuestion } from './sgd-schema.ts';
export type { SgdCatalogue, SgdIntent } from './sgd-schema.ts';
export { keyText } from './key-text.ts';
export {
  checkPrompt,
  contextLines,
  intentPrompt,
  judgePrompt,
  missingPrompt,
  qaPrompt,
  respondPrompt,
  taskLines,
} from './prompts.ts';
export { TaskQaNotFoundError, correctSlot, deleteQa, editQa } from './edit.ts';
