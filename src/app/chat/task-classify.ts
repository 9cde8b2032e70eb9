/**
 * Is this message a task (booking a table, ordering food, playing media, a ride)? A message with
 * none of the task cue words (task-catalogue.ts TASK_CUES) is not, and costs no call. With a
 * loaded LLM: one structured call whose JSON schema allows exactly the known kind ids or "none". Without
 * one, or when the model's reply is unusable (it is never retried more than once), the keyword
 * classifier of task-catalogue.ts decides.
 */
import { z } from 'zod';
import { callStructured } from '../../engine/json-output.ts';
import type { LlmPort } from '../../engine/ports.ts';
import {
  classifyTask,
  mayBeTask,
  TASK_KINDS,
  type TaskKind,
} from '../../engine/task-memory/task-catalogue.ts';

export const TASK_CLASSIFY_PURPOSE = 'task-classify';

const ids = TASK_KINDS.map((k) => k.id) as [string, ...string[]];
export const classifyReplySchema = z.object({ kind: z.enum([...ids, 'none']) });

export function classifyPrompt(text: string) {
  const kinds = TASK_KINDS.map((k) => `- ${k.id}: ${k.label.toLowerCase()}`).join('\n');
  return [
    {
      role: 'system' as const,
      content:
        'Classify the user message as one of these tasks, or "none" when it asks for no such ' +
        `task. Reply with JSON {"kind": "<id>"}.\n${kinds}`,
    },
    { role: 'user' as const, content: text },
  ];
}

export async function classifyRequest(text: string, llm?: LlmPort): Promise<TaskKind | null> {
  if (!mayBeTask(text)) return null;
  if (llm) {
    const result = await callStructured(llm, {
      messages: classifyPrompt(text),
      schema: classifyReplySchema,
      maxTokens: 20,
      temperature: 0,
      maxAttempts: 1,
      purpose: TASK_CLASSIFY_PURPOSE,
    });
    if (result.ok)
      return result.value.kind === 'none'
        ? null
        : (TASK_KINDS.find((k) => k.id === result.value.kind) ?? null);
  }
  return classifyTask(text);
}
