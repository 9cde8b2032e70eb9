/**
 * NTM (Context-Agent's non-linear task benchmark), JSON Lines: `{conversation_id, metadata:
 * {rounds}, user_turns: [{turn_id, content}], checkpoint_question}`. Only user turns exist (the
 * assistant's replies are generated live), so each dialogue is one session of user turns; the
 * last turn (the final request) is the question, judged against the numbered goals of
 * `checkpoint_question` (kept as the answer). NTM has no retrieval ground truth: retrieval
 * metrics do not apply, context tokens do.
 */
import { z } from 'zod';
import { asSessionId, asTurnId } from '../types.ts';
import { readRecords, validate, type EvalConversation, type EvalDataset } from './eval-model.ts';

const dialogueSchema = z.object({
  conversation_id: z.union([z.string().min(1), z.number()]),
  metadata: z
    .object({ rounds: z.union([z.string(), z.number()]).optional() })
    .loose()
    .optional(),
  user_turns: z
    .array(z.object({ turn_id: z.union([z.number().int(), z.string()]), content: z.string() }))
    .min(1),
  checkpoint_question: z.string().min(1),
});

export function parseNtm(text: string, file: string): EvalDataset {
  const conversations = readRecords(text, file).map((record): EvalConversation => {
    const d = validate(dialogueSchema, record, file);
    const convId = `ntm-${d.conversation_id}`;
    const sessionId = asSessionId(`${convId}/S1`);
    const turns = d.user_turns.map((t) => ({
      id: asTurnId(`${sessionId}:${t.turn_id}`),
      speaker: 'user' as const,
      text: t.content,
    }));
    const last = turns.at(-1);
    return {
      id: convId,
      sessions: [{ id: sessionId, turns: turns.slice(0, -1) }],
      questions: last
        ? [
            {
              id: `${convId}#final`,
              question: last.text,
              answer: d.checkpoint_question,
              evidenceSessions: [],
            },
          ]
        : [],
    };
  });
  return {
    dataset: 'ntm',
    file,
    conversations,
    notes: ['NTM has no retrieval ground truth: only context tokens are measured'],
  };
}
