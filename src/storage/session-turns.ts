/** Turns as one record each (schema 2 and 3) into one record per session (schema 4). */
import type { SessionTurnsRow, TurnRow } from './rows.ts';

/** One record per profile and session, its turns in `seq` order. */
export function turnsBySession(turns: readonly TurnRow[]): SessionTurnsRow[] {
  const sessions = new Map<string, { profileId: string; sessionId: string; turns: TurnRow[] }>();
  for (const turn of [...turns].sort((a, b) => a.seq - b.seq)) {
    const key = JSON.stringify([turn.profileId, turn.sessionId]);
    let row = sessions.get(key);
    if (!row) {
      row = { profileId: turn.profileId, sessionId: turn.sessionId, turns: [] };
      sessions.set(key, row);
    }
    row.turns.push(turn);
  }
  return [...sessions.values()].map((row) => ({
    ...row,
    turns: row.turns.map(({ id, speaker, text }) => ({ id, speaker, text })),
  }));
}
