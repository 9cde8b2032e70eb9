/**
 * MS-TOD (Elvin-Yiming-Du/MS_TOD_Memory): one file per persona, `{persona_id, sessions:
 * [{session_id, reference_dialogue_id, exist_confirmation, intent, service, turns: [{speaker,
 * utterance}], confirmation_state}]}`. Sessions sharing a `reference_dialogue_id` are one task
 * spread over 2 or 3 sessions; the last one (`exist_confirmation: true`) holds the gold slots.
 *
 * `parseMsTodPersonas` keeps every session's own labels (intent, service, confirmation state) for
 * the task-memory evaluation. Memory activation as a question: each confirming session asks, with its opening user
 * utterance, for the earlier sessions of its task; only earlier sessions are candidates.
 */
import { z } from 'zod';
import { asSessionId, asTurnId, type Session } from '../types.ts';
import {
  readRecords,
  validate,
  type EvalConversation,
  type EvalDataset,
  type EvalQuestion,
} from './eval-model.ts';

const sessionSchema = z.object({
  session_id: z.union([z.number().int(), z.string()]),
  reference_dialogue_id: z.string().min(1),
  exist_confirmation: z.boolean(),
  intent: z.string().optional(),
  service: z.string().optional(),
  turns: z.array(z.object({ speaker: z.enum(['user', 'assistant']), utterance: z.string() })),
  confirmation_state: z
    .object({
      slot_values: z.record(z.string(), z.unknown()).optional(),
      confirmation_utterance_id: z.number().int().optional(),
    })
    .loose()
    .optional(),
});

const personaSchema = z.object({
  persona_id: z.union([z.number().int(), z.string()]),
  sessions: z.array(sessionSchema),
});

export interface MsTodSession {
  readonly session: Session;
  /** Sessions sharing it are one task. */
  readonly task: string;
  readonly confirming: boolean;
  readonly intent?: string;
  readonly service?: string;
  readonly slotValues?: Readonly<Record<string, unknown>>;
  /** Index in `turns` of the confirmation response the system must produce. */
  readonly confirmationTurn?: number;
}

export interface MsTodPersona {
  readonly id: string;
  readonly sessions: readonly MsTodSession[];
}

export function parseMsTodPersonas(text: string, file: string): MsTodPersona[] {
  return readRecords(text, file).map((record) => {
    const persona = validate(personaSchema, record, file);
    const id = `persona-${persona.persona_id}`;
    return {
      id,
      sessions: persona.sessions.map((s): MsTodSession => {
        const sessionId = asSessionId(`${id}/S${s.session_id}`);
        const slots = s.confirmation_state?.slot_values;
        const turn = s.confirmation_state?.confirmation_utterance_id;
        return {
          session: {
            id: sessionId,
            turns: s.turns.map((t, i) => ({
              id: asTurnId(`${sessionId}:${i + 1}`),
              speaker: t.speaker,
              text: t.utterance,
            })),
          },
          task: s.reference_dialogue_id,
          confirming: s.exist_confirmation,
          ...(s.intent === undefined ? {} : { intent: s.intent }),
          ...(s.service === undefined ? {} : { service: s.service }),
          ...(slots && Object.keys(slots).length > 0 ? { slotValues: slots } : {}),
          ...(turn === undefined ? {} : { confirmationTurn: turn }),
        };
      }),
    };
  });
}

export function parseMsTod(text: string, file: string): EvalDataset {
  let unanswerable = 0;
  const conversations = parseMsTodPersonas(text, file).map((persona): EvalConversation => {
    const sessions = persona.sessions.map((s) => s.session);
    const questions: EvalQuestion[] = [];
    persona.sessions.forEach((s, index) => {
      if (!s.confirming) return;
      const earlier = persona.sessions.slice(0, index);
      const gold = earlier.filter((e) => e.task === s.task).map((e) => e.session.id);
      const opening = s.session.turns.find((t) => t.speaker === 'user')?.text;
      if (gold.length === 0 || opening === undefined) {
        unanswerable++;
        return;
      }
      questions.push({
        id: `${persona.id}#${s.session.id.slice(persona.id.length + 2)}`,
        question: opening,
        ...(s.slotValues ? { answer: JSON.stringify(s.slotValues) } : {}),
        ...(s.intent !== undefined ? { category: s.intent } : {}),
        evidenceSessions: gold,
        candidateSessions: earlier.map((e) => e.session.id),
      });
    });
    return { id: persona.id, sessions, questions };
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
