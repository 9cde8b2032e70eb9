/** Plain-text renderings of sessions shared by the baselines. */
import type { Tokenizer } from '../ports.ts';
import type { Session, Turn } from '../types.ts';
import { approximateTokenizer } from '../tokens.ts';

/** One turn as `speaker: text`. */
export const turnLine = (turn: Turn): string => `${turn.speaker}: ${turn.text}`;

/** A session as `speaker: text` lines, one per turn. */
export function sessionText(session: Session): string {
  return session.turns.map(turnLine).join('\n');
}

/**
 * Splits a session into chunks of whole turns of at most `maxTokens` tokens each (a single turn
 * longer than that is a chunk of its own). A session that fits is one chunk; an empty session
 * is one empty chunk, so that every session keeps a unit.
 */
export function sessionChunks(
  session: Session,
  maxTokens: number,
  tokenizer: Tokenizer = approximateTokenizer,
): string[] {
  const chunks: string[] = [];
  let lines: string[] = [];
  let tokens = 0;
  for (const turn of session.turns) {
    const line = turnLine(turn);
    const n = tokenizer.count(line);
    if (lines.length > 0 && tokens + n > maxTokens) {
      chunks.push(lines.join('\n'));
      lines = [];
      tokens = 0;
    }
    lines.push(line);
    tokens += n;
  }
  if (lines.length > 0 || chunks.length === 0) chunks.push(lines.join('\n'));
  return chunks;
}
