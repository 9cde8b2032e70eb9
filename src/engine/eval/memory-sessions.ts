/**
 * Benchmark sessions → the sessions Grove builds memory from. A turn spoken by a named person
 * (LoCoMo: two people, both remembered) gets the name on each of its sentences ("Caroline: I went
 * to a support group."), so that facts keep who said them: extraction works per sentence and the
 * questions ask about people by name. Other turns pass through unchanged.
 */
import { splitSentences } from '../facts/sentences.ts';
import type { EvalSession } from '../datasets/eval-model.ts';
import type { Session } from '../types.ts';

export function memorySessions(sessions: readonly EvalSession[]): Session[] {
  return sessions.map((session) => ({
    ...session,
    turns: session.turns.map(({ speakerName, ...turn }) =>
      speakerName === undefined
        ? turn
        : {
            ...turn,
            text: splitSentences(turn.text)
              .map((s) => `${speakerName}: ${s}`)
              .join('\n'),
          },
    ),
  }));
}
