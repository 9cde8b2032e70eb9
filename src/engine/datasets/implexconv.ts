/**
 * IMPLEXCONV (Kaylee0501/ImplexConv-supportive and -opposed). Two shapes, as JSON or JSON Lines:
 *
 * - the reference code's: `{conversation: [session text, ...], qa: [{question, answer,
 *   retrieved_conv, opposed_reasoning?}]}`: one conversation, many questions;
 * - the hub's rows: `{conversation: {"0": text, "1": text, ...}, question, answer,
 *   retrieved_conv, opposed_reasoning?}`: one conversation, one question. Parquet pads the
 *   keyed object, so null sessions are skipped.
 *
 * A session text is `Speaker1: ...` / `Assistant: ...` lines (a line without a prefix continues
 * the turn before it). `retrieved_conv` names the gold sessions, by index (number or numeric
 * string) or by their exact text.
 */
import { z } from 'zod';
import { asSessionId, asTurnId, type SessionId, type Speaker } from '../types.ts';
import {
  DatasetFormatError,
  distinct,
  readRecords,
  validate,
  type EvalConversation,
  type EvalDataset,
  type EvalQuestion,
  type EvalSession,
  type EvalTurn,
  type RawRecord,
} from './eval-model.ts';

const goldSchema = z.union([
  z.array(z.union([z.number().int(), z.string()])),
  z.number().int(),
  z.string(),
]);

const qaSchema = z.object({
  question: z.string().min(1),
  answer: z.string().optional(),
  retrieved_conv: goldSchema,
  opposed_reasoning: z.union([z.string(), z.array(z.string())]).optional(),
});

const referenceSchema = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  conversation: z.array(z.string()),
  qa: z.array(qaSchema),
});

const hubSchema = qaSchema.extend({
  id: z.union([z.string(), z.number()]).optional(),
  conversation: z.record(z.string(), z.string().nullable()),
});

const USER_PREFIX = /^\s*(?:speaker\s*_?1|user)\s*:\s*/i;
const ASSISTANT_PREFIX = /^\s*(?:assistant|speaker\s*_?2)\s*:\s*/i;

/** Turns of one session text: prefixed lines start turns, other lines continue the last one. */
export function parseSessionText(text: string, sessionId: SessionId): EvalTurn[] {
  const turns: { speaker: Speaker; lines: string[] }[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const user = USER_PREFIX.exec(line);
    const assistant = user ? null : ASSISTANT_PREFIX.exec(line);
    const match = user ?? assistant;
    if (match) {
      turns.push({ speaker: user ? 'user' : 'assistant', lines: [line.slice(match[0].length)] });
    } else if (turns.length > 0) {
      turns.at(-1)?.lines.push(line.trim());
    } else {
      turns.push({ speaker: 'user', lines: [line.trim()] });
    }
  }
  return turns.map((t, i) => ({
    id: asTurnId(`${sessionId}:${i + 1}`),
    speaker: t.speaker,
    text: t.lines.join('\n').trim(),
  }));
}

interface Built {
  readonly sessions: EvalSession[];
  readonly texts: string[];
}

function buildSessions(convId: string, texts: readonly (string | null)[]): Built {
  const sessions: EvalSession[] = [];
  const kept: string[] = [];
  texts.forEach((text, index) => {
    if (text === null) return;
    const id = asSessionId(`${convId}/S${index}`);
    sessions.push({ id, turns: parseSessionText(text, id) });
    kept[index] = text;
  });
  return { sessions, texts: kept };
}

function goldSessions(
  gold: z.infer<typeof goldSchema>,
  convId: string,
  built: Built,
  file: string,
  where: string,
): SessionId[] {
  const items = Array.isArray(gold) ? gold : [gold];
  return distinct(
    items.map((item, i) => {
      let index: number | undefined;
      if (typeof item === 'number') index = item;
      else if (/^\d+$/.test(item.trim())) index = Number(item.trim());
      else {
        const found = built.texts.findIndex((t) => t !== undefined && t.trim() === item.trim());
        index = found >= 0 ? found : undefined;
      }
      if (index === undefined || built.texts[index] === undefined) {
        throw new DatasetFormatError(
          file,
          where,
          `retrieved_conv.${i}`,
          `names no session of this conversation (${JSON.stringify(item).slice(0, 60)})`,
        );
      }
      return asSessionId(`${convId}/S${index}`);
    }),
  );
}

function question(
  qa: z.infer<typeof qaSchema>,
  qid: string,
  gold: SessionId[],
  opposed: boolean,
): EvalQuestion {
  const reasoning = Array.isArray(qa.opposed_reasoning)
    ? qa.opposed_reasoning.join(' ')
    : qa.opposed_reasoning;
  return {
    id: qid,
    question: qa.question,
    ...(qa.answer !== undefined ? { answer: qa.answer } : {}),
    category: opposed ? 'opposed' : 'supportive',
    evidenceSessions: gold,
    ...(reasoning !== undefined ? { opposedReasoning: reasoning } : {}),
  };
}

function parseRecord(record: RawRecord, file: string, index: number): EvalConversation {
  const value = record.value as { conversation?: unknown } | null;
  const isReference = Array.isArray(value?.conversation);
  if (isReference) {
    const data = validate(referenceSchema, record, file);
    const convId = `implexconv-${data.id ?? index}`;
    const built = buildSessions(convId, data.conversation);
    const questions = data.qa.map((qa, i) =>
      question(
        qa,
        `${convId}#${i}`,
        goldSessions(qa.retrieved_conv, convId, built, file, `${record.where}, qa.${i}`),
        qa.opposed_reasoning !== undefined,
      ),
    );
    return { id: convId, sessions: built.sessions, questions };
  }
  const row = validate(hubSchema, record, file);
  const convId = `implexconv-${row.id ?? index}`;
  const texts: (string | null)[] = [];
  for (const [key, text] of Object.entries(row.conversation)) {
    if (!/^\d+$/.test(key)) {
      throw new DatasetFormatError(
        file,
        record.where,
        `conversation.${key}`,
        'session keys must be "0", "1", ... "N"',
      );
    }
    texts[Number(key)] = text;
  }
  const built = buildSessions(
    convId,
    Array.from(texts, (t) => t ?? null),
  );
  const gold = goldSessions(row.retrieved_conv, convId, built, file, record.where);
  return {
    id: convId,
    sessions: built.sessions,
    questions: [question(row, `${convId}#0`, gold, row.opposed_reasoning !== undefined)],
  };
}

export function parseImplexConv(text: string, file: string): EvalDataset {
  const conversations = readRecords(text, file).map((record, i) => parseRecord(record, file, i));
  return { dataset: 'implexconv', file, conversations, notes: [] };
}
