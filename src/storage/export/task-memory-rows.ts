/**
 * Task memories between the store and the export file: a stored unit becomes its export entry
 * field by field in a fixed order (so the same store gives the same bytes), and an entry read
 * from a file becomes the row the store keeps.
 */
import type { TaskMemoryUnit } from '../../engine/task-memory/index.ts';
import { asSessionId, asTurnId } from '../../engine/types.ts';
import type { TaskMemoryRow } from '../rows.ts';
import type { ExportedTaskMemory } from './task-memory-format.ts';

const opt = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };

/** Stored units (rows in any order) as the file's sorted `taskMemories`. */
export function exportTaskMemories(rows: readonly TaskMemoryRow[]): ExportedTaskMemory[] {
  return rows
    .map((row) => row.data as TaskMemoryUnit)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((u) => ({
      id: u.id,
      intent: u.intent,
      ...opt('activationText', u.activationText),
      ...opt('intentLabel', u.intentLabel),
      qa: u.qa.map((q) => ({
        id: q.id,
        question: q.question,
        answer: q.answer,
        ...opt('slot', q.slot),
        turnIds: [...q.turnIds],
      })),
      provenance: {
        sessionId: u.provenance.sessionId,
        turnIds: [...u.provenance.turnIds],
        ...opt('time', u.provenance.time),
        method: u.provenance.method,
      },
    }));
}

/** A validated file entry as the unit the store keeps (same fields, same order). */
export function importedTaskMemory(entry: ExportedTaskMemory): TaskMemoryUnit {
  return {
    id: entry.id,
    intent: entry.intent,
    ...opt('activationText', entry.activationText),
    ...opt('intentLabel', entry.intentLabel),
    qa: entry.qa.map((q) => ({
      id: q.id,
      question: q.question,
      answer: q.answer,
      ...opt('slot', q.slot),
      turnIds: q.turnIds.map(asTurnId),
    })),
    provenance: {
      sessionId: asSessionId(entry.provenance.sessionId),
      turnIds: entry.provenance.turnIds.map(asTurnId),
      ...opt('time', entry.provenance.time),
      method: entry.provenance.method,
    },
  };
}

export function taskMemoryRow(profileId: string, entry: ExportedTaskMemory): TaskMemoryRow {
  return { profileId, id: entry.id, data: importedTaskMemory(entry) };
}
