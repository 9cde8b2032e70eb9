/**
 * Fakes for tests and for the explicitly labelled test mode only (scripted model in e2e runs).
 * Product code never imports from here.
 */
export { ANY_PURPOSE, ScriptedLlm } from './scripted-llm.ts';
export type { ScriptedCall, ScriptedLlmOptions, ScriptedResponse } from './scripted-llm.ts';
export {
  DEFAULT_RULES,
  ScriptedPromptError,
  answerRule,
  extractFactsRule,
  guessCategory,
  judgeChildrenRule,
  judgeNodeRule,
  summariseRule,
  summariseSessionRule,
} from './scripted-rules.ts';
export type { ScriptedRule } from './scripted-rules.ts';
export { DEFAULT_HASH_DIMENSION, HashEmbedder, fnv1a } from './hash-embedder.ts';
export type { HashEmbedderOptions } from './hash-embedder.ts';
export {
  STOP_WORDS,
  contentWords,
  keywordSet,
  keywords,
  sharedKeywords,
  stem,
  tokenize,
} from './keywords.ts';
export { isFirstPerson, thirdPersonVerb, toThirdPerson } from './third-person.ts';
export {
  TASK_RULES,
  taskChatRespondRule,
  taskCheckRule,
  taskIntentRule,
  taskJudgeRule,
  taskMissingRule,
  taskQaRule,
  taskRespondRule,
} from './task-rules.ts';
export { chunkedTree } from './chunked-tree.ts';
export { judgeAnswerRule } from './answer-judge-rule.ts';
