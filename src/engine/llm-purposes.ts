/**
 * The contract between engine prompts and the scripted test LLM: the `purpose` tag of each LLM
 * step and the labelled sections (`section(name, body)`) its prompt must carry. Product code
 * builds prompts with these names; src/engine/testing/ScriptedLlm reads them back.
 *
 * - extract-facts  SESSION: one turn per line, `[turnId] user: text` / `[turnId] assistant: text`
 *                  → JSON `{ "facts": [{ "text", "category", "turns": [turnId] }] }`
 * - summarise      ITEMS: one item per line (an optional `[id] ` prefix is ignored) → one sentence
 * - summarise-session  SESSION (as for extract-facts) → 1 to 3 plain sentences about the user
 * - judge-node     QUESTION, MEMORY → JSON `{ "relevant": boolean, "reason": string }`
 * - judge-children QUESTION, CANDIDATES: one `[id] text` per line → JSON `{ "keep": [id], "reason": string }`
 * - answer         QUESTION, MEMORY (one item per line) → plain text
 * - task-intent    CONTEXT: one turn per line (`user: text`) → JSON `{ "intent": string }`
 * - task-qa        SESSION (as for extract-facts), SLOTS: one `name: question` per line
 *                  → JSON `{ "qa": [{ "question", "answer", "slot"?: name }] }`
 * - task-missing   CONTEXT, SLOTS → JSON `{ "missing": [question] }` (slots the context leaves open)
 * - task-judge     CONTEXT, MISSING: one question per line, CANDIDATES: `[id] Q: … A: …` per line
 *                  → JSON `{ "scores": [{ "id", "score": 0..1, "answers"?: question }] }`
 * - task-respond   CONTEXT, TASK: one `name: value` per line, MEMORY: one answer per line → plain text
 * - task-check     TASK: one `name: value` per line, RESPONSE → JSON
 *                  `{ "slots": [{ "name", "status": "ok" | "missing" | "wrong" }] }`
 * - discourse-topic   TOPICS: one `N. summaries of a path` per line, numbered from 1, the
 *                     last line `0. None of these: a new topic.`; QUERY
 *                     → JSON `{ "topic": N }` (0: a new topic)
 * - discourse-decide  BRANCHES, CURRENT PATH and CANDIDATES (`[nodeId] ...` lines), QUERY
 *                     → JSON `{ "action": "CONTINUE" | "CREATE_BRANCH" | "SWITCH_BRANCH",
 *                       "fork_node_id"?, "target_branch_id"?, "reason" }`
 * - summarise-round   USER, ASSISTANT → one third-person sentence keeping numbers
 * - supersede         NEW FACT and CANDIDATES (`[F1] (since 2023-11) ...` lines)
 *                     → JSON `{ "reasoning": "...", "replaces": ["F1", ...] }`
 */
export const LLM_PURPOSES = {
  extractFacts: 'extract-facts',
  summarise: 'summarise',
  summariseSession: 'summarise-session',
  judgeNode: 'judge-node',
  judgeChildren: 'judge-children',
  answer: 'answer',
  taskIntent: 'task-intent',
  taskQa: 'task-qa',
  taskMissing: 'task-missing',
  taskJudge: 'task-judge',
  taskRespond: 'task-respond',
  taskCheck: 'task-check',
  discourseTopic: 'discourse-topic',
  discourseDecide: 'discourse-decide',
  summariseRound: 'summarise-round',
  supersede: 'supersede',
} as const;

export type LlmPurpose = (typeof LLM_PURPOSES)[keyof typeof LLM_PURPOSES];

/**
 * Who waits for a call: the user (a turn's routing, judging, reply and task steps) or nobody
 * (memory built in the background, and a round's summary, written after its reply). The
 * engine's queue runs a waiting user call before any waiting background call.
 */
export type CallPriority = 'user' | 'background';

const BACKGROUND_PURPOSES: ReadonlySet<string> = new Set([
  LLM_PURPOSES.extractFacts,
  LLM_PURPOSES.summarise,
  LLM_PURPOSES.summariseSession,
  LLM_PURPOSES.taskQa,
  LLM_PURPOSES.summariseRound,
  LLM_PURPOSES.supersede,
]);

export function callPriority(purpose: string | undefined): CallPriority {
  return purpose !== undefined && BACKGROUND_PURPOSES.has(purpose) ? 'background' : 'user';
}

export const PROMPT_SECTIONS = {
  session: 'SESSION',
  sessionTime: 'SESSION TIME',
  items: 'ITEMS',
  question: 'QUESTION',
  memory: 'MEMORY',
  candidates: 'CANDIDATES',
  context: 'CONTEXT',
  slots: 'SLOTS',
  missing: 'MISSING',
  task: 'TASK',
  response: 'RESPONSE',
  newFact: 'NEW FACT',
} as const;

/** Sections of Context-Agent's prompts (src/engine/discourse/prompts.ts). */
export const DISCOURSE_SECTIONS = {
  topics: 'TOPICS',
  query: 'QUERY',
  branches: 'BRANCHES',
  currentPath: 'CURRENT PATH',
  candidates: 'CANDIDATES',
  user: 'USER',
  assistant: 'ASSISTANT',
} as const;
