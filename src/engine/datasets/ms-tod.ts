/**
 * MS-TOD (Elvin-Yiming-Du/MS_TOD_Memory): one file per persona, `{persona_id, sessions:
 * [{session_id, reference_dialogue_id, exist_confirmation, intent, service, turns: [{speaker,
 * utterance}], confirmation_state}]}`. Sessions sharing a `reference_dialogue_id` are one task
 * spread over 2 or 3 sessions; the last one (`exist_confirmation: true`) holds the gold slots.
 *
 * Memory activation as a question: each confirming session asks, with its opening user
 * utterance, for the earlier sessions of its task; only earlier sessions are candidates.
 */
import { z } from 'zod';
import { asSessionId, asTurnId } from '../types.ts';
import {
  readRecords,
  validate,
  type EvalConversation,
  type EvalDataset,
  type EvalQuestion,
  type EvalSession,
} from './eval-model.ts';

const sessionSchema = z.object({
  session_id: z.union([z.number().int(), z.string()]),
  reference_dialogue_id: z.string().min(1),
  exist_confirmation: z.boolean(),
  intent: z.string().optional(),
  service: z.string().optional(),
  turns: z.array(z.object({ speaker: z.enum(['user', 'assistant']), utterance: z.string() })),
  confirmation_state: z
    .object({ slot_values: z.record(z.string(), z.unknown()).optional() })
    .loose()
    .optional(),
});

const personaSchema = z.object({
  persona_id: z.union([z.number().int(), z.string()]),
  sessions: z.array(sessionSchema),
});

export function parseMsTod(text: string, file: string): EvalDataset {
  let unanswerable = 0;
  const conversations = readRecords(text, file).map((record): EvalConversation => {
    const persona = validate(personaSchema, record, file);
    const convId = `persona-${persona.persona_id}`;
    const sessions: EvalSession[] = persona.sessions.map((s) => {
      const id = asSessionId(`${convId}/S${s.session_id}`);
      return {
        id,
        turns: s.turns.map((t, i) => ({
          id: asTurnId(`${id}:${i + 1}`),
          speaker: t.speaker,
          text: t.utterance,
        })),
      };
    });
    const questions: EvalQuestion[] = [];
    persona.sessions.forEach((s, index) => {
      if (!s.exist_confirmation) return;
      const earlier = persona.sessions.slice(0, index);
      const gold = earlier
        .map((e, i) => ({ e, id: sessions[i]?.id }))
        .filter(({ e }) => e.reference_dialogue_id === s.reference_dialogue_id)
        .flatMap(({ id }) => (id ? [id] : []));
      const opening = s.turns.find((t) => t.speaker === 'user')?.utterance;
      if (gold.length === 0 || opening === undefined) {
        unanswerable++;
        return;
      }
      const slots = s.confirmation_state?.slot_values;
      questions.push({
        id: `${convId}#${s.session_id}`,
        question: opening,
        ...(slots ? { answer: JSON.stringify(slots) } : {}),
        ...(s.intent !== undefined ? { category: s.intent } : {}),
        evidenceSessions: gold,
        candidateSessions: sessions.slice(0, index).map((x) => x.id),
      });
    });
    return { id: convId, sessions, questions };
  });
  const notes = [
    "MS-TOD memory activation: the question is the confirming session's opening user utterance; " +
      'only earlier sessions count as candidates',
  ];
  if (unanswerable > 0)
    notes.push(
      `${unanswerable} confirming sessions without an earlier session of their task left out`,
    );
  return { dataset: 'ms-tod', file, conversations, notes };
}
