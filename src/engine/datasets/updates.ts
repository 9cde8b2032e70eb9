/**
 * The memory-updates data set (shared/datasets/updates/FORMAT.md): LoCoMo JSON between a user
 * and an assistant, plus each attribute's chain of values (`updates`) and each question's
 * `kind` (current, past, as_of, stable), `stale_answers` and, for as_of, its date.
 *
 * Unlike LoCoMo's two remembered people, here one user talks to an assistant: the user's turns
 * are `user` turns in the first person (as in the app), the assistant's are `assistant` turns.
 */
import { z } from 'zod';
import type { TurnId } from '../types.ts';
import { readRecords, validate, type EvalDataset, type EvalQuestion } from './eval-model.ts';
import { locomoTurnId, parseLocomo } from './locomo.ts';

export const UPDATE_KINDS = ['current', 'past', 'as_of', 'stable'] as const;
export type UpdateKind = (typeof UPDATE_KINDS)[number];

const dia = z.string().regex(/^D\d+:\d+$/, 'must be a dialogue id like "D3:7"');

const additions = z.object({
  sample_id: z.string().min(1),
  conversation: z.object({ speaker_a: z.string().min(1) }).catchall(z.unknown()),
  updates: z.array(
    z.object({
      attribute: z.string().min(1),
      chain: z.array(z.object({ value: z.string().min(1), evidence: z.array(dia).min(1) })).min(1),
    }),
  ),
  qa: z.array(
    z.object({
      kind: z.enum(UPDATE_KINDS),
      stale_answers: z.array(z.string()),
      as_of: z.string().optional(),
    }),
  ),
});

export interface UpdateChain {
  readonly attribute: string;
  readonly chain: readonly { readonly value: string; readonly evidenceTurns: readonly TurnId[] }[];
}

export interface UpdateQuestion extends EvalQuestion {
  readonly kind: UpdateKind;
  readonly answer: string;
  readonly staleAnswers: readonly string[];
  readonly asOf?: string;
}

export interface UpdatesDataset extends EvalDataset {
  readonly chains: ReadonlyMap<string, readonly UpdateChain[]>;
}

const turnOf = (sample: string, id: string): TurnId => {
  const [s, t] = id.slice(1).split(':');
  return locomoTurnId(sample, Number(s), Number(t));
};

export function parseUpdates(text: string, file: string): UpdatesDataset {
  const base = parseLocomo(text, file, { includeAdversarial: true });
  const extra = readRecords(text, file).map((record) => validate(additions, record, file));
  const bySample = new Map(extra.map((e) => [e.sample_id, e]));
  const chains = new Map<string, UpdateChain[]>();
  const conversations = base.conversations.map((conversation) => {
    const sample = bySample.get(conversation.id);
    if (!sample) throw new Error(`${file}: sample ${conversation.id} has no updates`);
    const user = sample.conversation.speaker_a;
    chains.set(
      conversation.id,
      sample.updates.map((u) => ({
        attribute: u.attribute,
        chain: u.chain.map((c) => ({
          value: c.value,
          evidenceTurns: c.evidence.map((e) => turnOf(conversation.id, e)),
        })),
      })),
    );
    return {
      ...conversation,
      sessions: conversation.sessions.map((session) => ({
        ...session,
        turns: session.turns.map(({ speakerName, ...turn }) => ({
          ...turn,
          speaker: speakerName === user ? ('user' as const) : ('assistant' as const),
        })),
      })),
      questions: conversation.questions.map((q, i): UpdateQuestion => {
        const qa = sample.qa[i];
        if (!qa) throw new Error(`${file}: sample ${conversation.id} question ${i} is missing`);
        return {
          ...q,
          answer: q.answer ?? '',
          kind: qa.kind,
          staleAnswers: qa.stale_answers,
          ...(qa.as_of === undefined ? {} : { asOf: qa.as_of }),
        };
      }),
    };
  });
  return { ...base, dataset: 'updates', conversations, chains };
}

export const isUpdateQuestion = (q: EvalQuestion): q is UpdateQuestion =>
  'kind' in q && 'staleAnswers' in q;
