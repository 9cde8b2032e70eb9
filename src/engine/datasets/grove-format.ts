/**
 * Grove's own conversation file: sessions of user/assistant turns, optionally with questions
 * (and their gold sessions) for trying retrieval.
 */
import { z } from 'zod';
import { asSessionId, asTurnId, type Session } from '../types.ts';

const turnSchema = z.object({
  id: z.string().min(1).optional(),
  speaker: z.enum(['user', 'assistant']),
  text: z.string(),
});
const sessionSchema = z.object({
  id: z.string().min(1),
  time: z.string().optional(),
  turns: z.array(turnSchema),
});
const questionSchema = z.object({
  question: z.string().min(1),
  answer: z.string().optional(),
  evidenceSessions: z.array(z.string()).default([]),
});
const fileSchema = z.object({
  format: z.literal('grove-conversation'),
  version: z.literal(1),
  title: z.string().optional(),
  sessions: z.array(sessionSchema),
  questions: z.array(questionSchema).default([]),
});

export interface ConversationQuestion {
  readonly question: string;
  readonly answer?: string;
  readonly evidenceSessions: readonly string[];
}

export interface Conversation {
  readonly title?: string;
  readonly sessions: readonly Session[];
  readonly questions: readonly ConversationQuestion[];
}

export class ConversationFormatError extends Error {
  override readonly name = 'ConversationFormatError';
}

/** Parses a Grove conversation; errors name the file, the record and the field. */
export function parseGroveConversation(text: string, fileName: string): Conversation {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ConversationFormatError(
      `${fileName} is not valid JSON (${(error as Error).message}). Check the file is a Grove conversation export.`,
    );
  }
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : '(top level)';
    throw new ConversationFormatError(
      `${fileName}: field ${where}: ${issue?.message ?? 'invalid'}`,
    );
  }
  const seen = new Set<string>();
  const sessions = parsed.data.sessions.map((s, index) => {
    if (seen.has(s.id)) {
      throw new ConversationFormatError(
        `${fileName}: sessions.${index}.id: duplicate session id "${s.id}"`,
      );
    }
    seen.add(s.id);
    const session: Session = {
      id: asSessionId(s.id),
      ...(s.time !== undefined ? { time: s.time } : {}),
      turns: s.turns.map((t, i) => ({
        id: asTurnId(t.id ?? `${s.id}:${i + 1}`),
        speaker: t.speaker,
        text: t.text,
      })),
    };
    return session;
  });
  return {
    ...(parsed.data.title !== undefined ? { title: parsed.data.title } : {}),
    sessions,
    questions: parsed.data.questions.map((q) => ({
      question: q.question,
      ...(q.answer !== undefined ? { answer: q.answer } : {}),
      evidenceSessions: q.evidenceSessions,
    })),
  };
}
