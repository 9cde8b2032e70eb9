/**
 * MS-TOD personas as the task-memory evaluation needs them: every session with its own labels
 * (intent, service, confirmation state), which the generic loader (../datasets/ms-tod.ts) folds
 * away. Labels are kept per session so the evaluation can use a stored session's labels for its
 * memory unit while never reading those of the session being predicted.
 */
import { z } from 'zod';
import { readRecords, validate } from '../datasets/eval-model.ts';
import { asSessionId, asTurnId, type Session } from '../types.ts';

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
