/**
 * LoCoMo (snap-research/LoCoMo, `locomo10.json`): a JSON array of samples, each a conversation
 * between two people over up to 35 dated sessions, with QA pairs whose `evidence` names the
 * dialogue turns ("D<session>:<turn>") that hold the answer.
 *
 * Both speakers are people whose memory matters (questions ask about either), so every turn is a
 * `user` turn carrying its speaker's name. Shared photos become text: "[shares a photo: caption]".
 * Category 5 (adversarial, unanswerable) is left out unless asked for. A few evidence ids in the
 * public file are malformed ("D:11:26", "D8:6; D9:17", "D"): repairable ones are repaired, the
 * rest dropped, and every repair or drop is counted in the notes.
 */
import { z } from 'zod';
import { asSessionId, asTurnId, type SessionId, type TurnId } from '../types.ts';
import {
  distinct,
  readRecords,
  validate,
  type EvalConversation,
  type EvalDataset,
  type EvalQuestion,
  type EvalSession,
} from './eval-model.ts';

const turnSchema = z.object({
  speaker: z.string().min(1),
  dia_id: z.string().min(1),
  text: z.string(),
  blip_caption: z.string().optional(),
});

const qaSchema = z.object({
  question: z.string().min(1),
  answer: z.union([z.string(), z.number()]).optional(),
  adversarial_answer: z.string().optional(),
  evidence: z.array(z.string()).default([]),
  category: z.number().int(),
});

const sampleSchema = z.object({
  sample_id: z.string().min(1),
  conversation: z
    .object({ speaker_a: z.string().min(1), speaker_b: z.string().min(1) })
    .catchall(z.unknown()),
  qa: z.array(qaSchema),
  session_summary: z.record(z.string(), z.unknown()).optional(),
});

export interface LocomoOptions {
  /** Keep category 5 (adversarial) questions; left out by default, as is standard practice. */
  readonly includeAdversarial?: boolean;
}

const SESSION_KEY = /^session_(\d+)$/;
const EVIDENCE_ID = /D:?(\d+):(\d+)/g;

/** Session id of LoCoMo session number n. */
export const locomoSessionId = (sample: string, n: number): SessionId =>
  asSessionId(`${sample}/S${n}`);
/** Turn id of LoCoMo dialogue id "D3:7". */
export const locomoTurnId = (sample: string, session: number, turn: number): TurnId =>
  asTurnId(`${sample}/D${session}:${turn}`);

export function parseLocomo(text: string, file: string, options: LocomoOptions = {}): EvalDataset {
  const notes: string[] = [];
  let adversarial = 0;
  let repaired = 0;
  let dropped = 0;
  const conversations = readRecords(text, file).map((record): EvalConversation => {
    const sample = validate(sampleSchema, record, file);
    const id = sample.sample_id;
    const label = `sample ${id}`;
    const numbers = Object.keys(sample.conversation)
      .map((key) => SESSION_KEY.exec(key)?.[1])
      .filter((n): n is string => n !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
    const turnIds = new Set<string>();
    const sessions = numbers.map((n): EvalSession => {
      const turns = validate(
        z.array(turnSchema),
        { value: sample.conversation[`session_${n}`], where: record.where },
        file,
        `${label}, conversation.session_${n}`,
      );
      const time = sample.conversation[`session_${n}_date_time`];
      return {
        id: locomoSessionId(id, n),
        ...(typeof time === 'string' ? { time } : {}),
        turns: turns.map((t) => {
          const turnId = asTurnId(`${id}/${t.dia_id}`);
          turnIds.add(turnId);
          const photo = t.blip_caption ? ` [shares a photo: ${t.blip_caption}]` : '';
          return { id: turnId, speaker: 'user', speakerName: t.speaker, text: `${t.text}${photo}` };
        }),
      };
    });
    const questions: EvalQuestion[] = [];
    sample.qa.forEach((qa, index) => {
      if (qa.category === 5 && !options.includeAdversarial) {
        adversarial++;
        return;
      }
      const evidenceTurns: TurnId[] = [];
      for (const raw of qa.evidence) {
        const found = [...raw.matchAll(EVIDENCE_ID)];
        if (found.length === 0) dropped++;
        else if (!/^D\d+:\d+$/.test(raw.trim())) repaired++;
        for (const m of found) {
          const turnId = locomoTurnId(id, Number(m[1]), Number(m[2]));
          if (turnIds.has(turnId)) evidenceTurns.push(turnId);
          else dropped++;
        }
      }
      const answer = qa.answer ?? qa.adversarial_answer;
      questions.push({
        id: `${id}#${index}`,
        question: qa.question,
        ...(answer !== undefined ? { answer: String(answer) } : {}),
        category: String(qa.category),
        evidenceTurns: distinct(evidenceTurns),
        evidenceSessions: distinct(evidenceTurns.map((t) => sessionOfTurn(t))),
      });
    });
    const summaries = new Map<SessionId, string>();
    for (const [key, value] of Object.entries(sample.session_summary ?? {})) {
      const n = /^session_(\d+)_summary$/.exec(key)?.[1];
      if (n !== undefined && typeof value === 'string')
        summaries.set(locomoSessionId(id, Number(n)), value);
    }
    return {
      id,
      sessions,
      questions,
      ...(summaries.size > 0 ? { sessionSummaries: summaries } : {}),
    };
  });
  if (adversarial > 0)
    notes.push(`${adversarial} category-5 (adversarial) questions left out by default`);
  if (repaired > 0) notes.push(`${repaired} malformed evidence ids repaired`);
  if (dropped > 0) notes.push(`${dropped} evidence ids dropped (no such turn)`);
  return { dataset: 'locomo', file, conversations, notes };
}

/** "conv-26/D3:7" → "conv-26/S3". */
function sessionOfTurn(turn: TurnId): SessionId {
  const m = /^(.*)\/D(\d+):\d+$/.exec(turn);
  if (!m) throw new Error(`Not a LoCoMo turn id: ${turn}`);
  return locomoSessionId(m[1] ?? '', Number(m[2]));
}
