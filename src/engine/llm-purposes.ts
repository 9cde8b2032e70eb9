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
 */
export const LLM_PURPOSES = {
  extractFacts: 'extract-facts',
  summarise: 'summarise',
  summariseSession: 'summarise-session',
  judgeNode: 'judge-node',
  judgeChildren: 'judge-children',
  answer: 'answer',
} as const;

export type LlmPurpose = (typeof LLM_PURPOSES)[keyof typeof LLM_PURPOSES];

export const PROMPT_SECTIONS = {
  session: 'SESSION',
  sessionTime: 'SESSION TIME',
  items: 'ITEMS',
  question: 'QUESTION',
  memory: 'MEMORY',
  candidates: 'CANDIDATES',
} as const;
