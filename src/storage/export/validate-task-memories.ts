/**
 * Checks the task memories of an export against its sessions, as the store keeps them: one unit
 * per ingested session, filed under that session's id (so deleting the session deletes it), with
 * provenance and QA pairs citing only that session's turns.
 */
import type { ExportedTaskMemory } from './task-memory-format.ts';
import { fail, unique } from './integrity-checks.ts';

/** `turnsBySession`: the turn ids of every ingested (not pending) session in the file. */
export function validateTaskMemories(
  units: readonly ExportedTaskMemory[],
  turnsBySession: ReadonlyMap<string, ReadonlySet<string>>,
): void {
  unique(
    units.map((u) => u.id),
    'task memory',
  );
  for (const unit of units) {
    const sessionId = unit.provenance.sessionId;
    if (unit.id !== sessionId) {
      fail(`task memory "${unit.id}" is filed under another session than its own "${sessionId}"`);
    }
    const turns = turnsBySession.get(sessionId);
    if (!turns) {
      fail(
        `task memory "${unit.id}" cites a session "${sessionId}" that is not an ingested session in the file`,
      );
    }
    const cited = [...unit.provenance.turnIds, ...unit.qa.flatMap((q) => q.turnIds)];
    for (const t of cited) {
      if (!turns.has(t))
        fail(`task memory "${unit.id}" cites a turn "${t}" missing from its session`);
    }
    unique(
      unit.qa.map((q) => q.id),
      `QA pair in task memory "${unit.id}"`,
    );
  }
}
