/**
 * The task-memory prompts (MAP appendix A.2, A.3), each with its inputs in labelled sections
 * (see LLM_PURPOSES in ../llm-purposes.ts for the contract the scripted test LLM reads).
 */
import { PROMPT_SECTIONS as S } from '../llm-purposes.ts';
import type { ChatMessage } from '../ports.ts';
import { section } from '../prompt-sections.ts';
import type { Turn } from '../types.ts';
import type { TaskSlot } from './types.ts';

const SYSTEM = 'You are a task-oriented dialogue assistant with a memory of past sessions.';

const system = (content = SYSTEM): ChatMessage => ({ role: 'system', content });

/** `user: text` per line. */
export const contextLines = (turns: readonly Turn[]): string =>
  turns.map((t) => `${t.speaker}: ${t.text.replace(/\s+/g, ' ').trim()}`).join('\n');

const slotLines = (slots: readonly TaskSlot[]): string =>
  slots.length === 0 ? '(none known)' : slots.map((s) => `${s.name}: ${s.question}`).join('\n');

/** The values of a task's slots, `name: value` per line (`?` for unknown). */
export const taskLines = (slots: Readonly<Record<string, string | undefined>>): string =>
  Object.entries(slots)
    .map(([name, value]) => `${name}: ${value ?? '?'}`)
    .join('\n');

export function intentPrompt(turns: readonly Turn[]): ChatMessage[] {
  return [
    system(),
    {
      role: 'user',
      content:
        section(S.context, contextLines(turns)) +
        '\nIn one sentence, describe what the user intends to get done (the task and its key ' +
        'details), starting with "The user intends to". Reply as JSON: {"intent": "..."}',
    },
  ];
}

export function qaPrompt(turns: readonly Turn[], slots: readonly TaskSlot[]): ChatMessage[] {
  const session = turns.map((t) => `[${t.id}] ${t.speaker}: ${t.text}`).join('\n');
  return [
    system(),
    {
      role: 'user',
      content:
        section(S.session, session) +
        section(S.slots, slotLines(slots)) +
        '\nWrite question/answer pairs about the task slots this session settled: one pair per ' +
        'slot value, the question in the third person starting with What, When, Where, Why or ' +
        'How, the answer a short sentence with the value, and the slot name when one of SLOTS ' +
        'fits. Reply as JSON: {"qa": [{"question": "...", "answer": "...", "slot": "..."}]}',
    },
  ];
}

export function missingPrompt(turns: readonly Turn[], slots: readonly TaskSlot[]): ChatMessage[] {
  return [
    system(),
    {
      role: 'user',
      content:
        section(S.context, contextLines(turns)) +
        section(S.slots, slotLines(slots)) +
        '\nWhich of SLOTS does the conversation so far leave unanswered? Write one third-person ' +
        'question for each, starting with What, When, Where, Why or How. ' +
        'Reply as JSON: {"missing": ["..."]}',
    },
  ];
}

export function judgePrompt(
  context: string,
  missing: readonly string[],
  candidates: readonly {
    readonly id: string;
    readonly question: string;
    readonly answer: string;
  }[],
): ChatMessage[] {
  const lines = candidates.map((c) => `[${c.id}] Q: ${c.question} A: ${c.answer}`).join('\n');
  return [
    system(),
    {
      role: 'user',
      content:
        section(S.context, context) +
        section(S.missing, missing.length === 0 ? '(none)' : missing.join('\n')) +
        section(S.candidates, lines) +
        '\nFor each candidate memory, score from 0 to 1 how well it answers one of the MISSING ' +
        'questions for the task in CONTEXT (1: answers it for this very task; 0: unrelated or ' +
        'about another task), and name the question it answers. ' +
        'Reply as JSON: {"scores": [{"id": "...", "score": 0.0, "answers": "..."}]}',
    },
  ];
}

/** MAP's confirmation response prompt (appendix A.3) with the pruned core answers as MEMORY. */
export function respondPrompt(
  turns: readonly Turn[],
  task: Readonly<Record<string, string | undefined>>,
  memory: readonly string[],
): ChatMessage[] {
  return [
    system(
      'You are a dialogue assistant. Generate a confirmation response to the user. Include the ' +
        'task goals in TASK identified in the dialogue or in the related MEMORY. If MEMORY is ' +
        'empty, answer from the conversation alone. Acknowledge the request clearly, and ask ' +
        'for any task value still marked "?".',
    ),
    {
      role: 'user',
      content:
        section(S.context, contextLines(turns)) +
        section(S.task, taskLines(task) || '(none)') +
        section(S.memory, memory.length === 0 ? '(none)' : memory.join('\n')) +
        "\nWrite the assistant's next reply.",
    },
  ];
}

export function checkPrompt(
  task: Readonly<Record<string, string | undefined>>,
  response: string,
): ChatMessage[] {
  return [
    system('You check a dialogue response against the task goal, slot by slot.'),
    {
      role: 'user',
      content:
        section(S.task, taskLines(task)) +
        section(S.response, response) +
        '\nFor each slot of TASK, say whether RESPONSE states its value correctly ("ok"), leaves ' +
        'it out ("missing") or states another value ("wrong"). ' +
        'Reply as JSON: {"slots": [{"name": "...", "status": "ok"}]}',
    },
  ];
}
