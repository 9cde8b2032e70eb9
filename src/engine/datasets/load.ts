/** Loads any supported benchmark (or a Grove conversation file) into the one evaluation model. */
import { parseUpdates } from './updates.ts';
import { asSessionId } from '../types.ts';
import type { DatasetName, EvalDataset } from './eval-model.ts';
import { parseGroveConversation } from './grove-format.ts';
import { parseImplexConv } from './implexconv.ts';
import { parseLocomo, type LocomoOptions } from './locomo.ts';
import { parseMsTod } from './ms-tod.ts';
import { parseNtm } from './ntm.ts';

export type LoadOptions = LocomoOptions;

/** Grove's own format: one conversation, its questions' `evidenceSessions` as gold. */
export function groveAsDataset(text: string, file: string): EvalDataset {
  const conversation = parseGroveConversation(text, file);
  const id = conversation.title ?? file.replace(/^.*[\\/]/, '').replace(/\.json$/, '');
  return {
    dataset: 'grove',
    file,
    conversations: [
      {
        id,
        sessions: conversation.sessions,
        questions: conversation.questions.map((q, i) => ({
          id: `${id}#${i}`,
          question: q.question,
          ...(q.answer !== undefined ? { answer: q.answer } : {}),
          evidenceSessions: q.evidenceSessions.map(asSessionId),
        })),
      },
    ],
    notes: [],
  };
}

export function loadDataset(
  name: DatasetName,
  text: string,
  file: string,
  options: LoadOptions = {},
): EvalDataset {
  switch (name) {
    case 'implexconv':
      return parseImplexConv(text, file);
    case 'locomo':
      return parseLocomo(text, file, options);
    case 'ms-tod':
      return parseMsTod(text, file);
    case 'ntm':
      return parseNtm(text, file);
    case 'grove':
      return groveAsDataset(text, file);
    case 'updates':
      return parseUpdates(text, file);
  }
}

/** Several files of one benchmark (MS-TOD: one file per persona) as one dataset. */
export function mergeDatasets(parts: readonly EvalDataset[], file: string): EvalDataset {
  const first = parts[0];
  if (!first) throw new RangeError('mergeDatasets needs at least one dataset');
  return {
    dataset: first.dataset,
    file,
    conversations: parts.flatMap((p) => p.conversations),
    notes: [...new Set(parts.flatMap((p) => p.notes))],
  };
}
