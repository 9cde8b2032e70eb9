/**
 * MAP task memory in IndexedDB: one unit per ingested task session (table `taskMemory`, row
 * `{ profileId, id: sessionId, data: TaskMemoryUnit }`), how a unit is built at ingestion, and
 * recall for the chat. Units are written inside the ingestion transaction (memory-host.ts) and
 * deleted with their session.
 */
import { isAbortError } from '../engine/errors.ts';
import type { EmbedderPort, LlmPort } from '../engine/ports.ts';
import {
  correctSlot,
  createEmbeddingJudge,
  deleteQa,
  describeSession,
  editQa,
  extractTaskMemory,
  recallTaskMemory,
  type TaskMemoryUnit,
  type TaskQa,
} from '../engine/task-memory/index.ts';
import type { Session, Turn } from '../engine/types.ts';
import type { GroveDb } from './db.ts';
import {
  readSlotValues,
  sessionTaskKind,
  taskKind,
  type TaskKind,
} from '../engine/task-memory/task-catalogue.ts';

export class TaskMemoryNotFoundError extends Error {
  override readonly name = 'TaskMemoryNotFoundError';
  constructor(unitId: string) {
    super(
      `There is no task memory "${unitId}" in this profile (it was deleted, or its session was); reload the memory view.`,
    );
  }
}

/** A unit as the inspector and the chat see it. */
export interface TaskMemoryView {
  readonly unit: TaskMemoryUnit;
  readonly conversationId: string | null;
}

/** One remembered slot value and the memory that supplied it. */
export interface RecalledSlot {
  readonly slot: string;
  readonly value: string;
  readonly unitId: string;
  readonly sessionId: string;
  readonly qaId: string;
  readonly question: string;
  readonly intent: string;
  readonly score: number;
}

export interface TaskRecall {
  readonly kind: string;
  readonly intent: string;
  readonly slots: readonly RecalledSlot[];
  readonly candidates: number;
}

/** Keeps one pair per slot (the first: confirmed values come first) and every unslotted pair. */
function onePerSlot(qa: readonly TaskQa[]): TaskQa[] {
  const seen = new Set<string>();
  return qa.filter((q) => {
    if (q.slot === undefined) return true;
    if (seen.has(q.slot)) return false;
    seen.add(q.slot);
    return true;
  });
}

/**
 * The unit of a task session, or null when the session is not a task (the keyword classifier
 * finds no task kind in its user turns). With `llm` the model writes the intent and QA pairs
 * (describeSession); the values the chat itself confirmed come first either way.
 */
export async function buildTaskUnit(
  session: Session,
  llm?: LlmPort,
  signal?: AbortSignal,
): Promise<TaskMemoryUnit | null> {
  const kind = sessionTaskKind(session.turns);
  if (!kind) return null;
  const options = {
    intentLabel: kind.id,
    slots: kind.slots,
    confirmedSlots: readSlotValues(kind, session.turns),
  };
  const extractive = extractTaskMemory(session, options);
  if (!llm) return { ...extractive, qa: onePerSlot(extractive.qa) };
  let described: Awaited<ReturnType<typeof describeSession>>;
  try {
    described = await describeSession(session, { ...options, llm, ...(signal ? { signal } : {}) });
  } catch (error) {
    // A cancelled ingestion stops here; it does not go on without the model.
    if (isAbortError(error)) throw error;
    // The model could not be reached: the no-LLM unit stands in, ingestion goes on.
    return { ...extractive, qa: onePerSlot(extractive.qa) };
  }
  const confirmed = extractive.qa.filter((q) => q.slot !== undefined && q.turnIds.length === 0);
  const merged = [...confirmed, ...described.value.qa].map((q, i) => ({
    ...q,
    id: `${session.id}#qa${i}`,
  }));
  return { ...described.value, qa: onePerSlot(merged) };
}

export class TaskMemoryStore {
  constructor(
    private readonly db: GroveDb,
    private readonly profileId: string,
  ) {}

  async list(): Promise<TaskMemoryView[]> {
    const rows = await this.db.taskMemory.where('profileId').equals(this.profileId).toArray();
    const sessions = new Map(
      (await this.db.sessions.where('profileId').equals(this.profileId).toArray()).map((s) => [
        s.id,
        s.conversationId,
      ]),
    );
    return rows
      .map((r) => r.data as TaskMemoryUnit)
      .sort((a, b) => (b.provenance.time ?? '').localeCompare(a.provenance.time ?? ''))
      .map((unit) => ({ unit, conversationId: sessions.get(unit.provenance.sessionId) ?? null }));
  }

  async get(unitId: string): Promise<TaskMemoryUnit> {
    const row = await this.db.taskMemory.get([this.profileId, unitId]);
    if (!row) throw new TaskMemoryNotFoundError(unitId);
    return row.data as TaskMemoryUnit;
  }

  /** Writes a unit; call inside a transaction that includes `taskMemory` to make it atomic. */
  put(unit: TaskMemoryUnit): Promise<unknown> {
    return this.db.taskMemory.put({ profileId: this.profileId, id: unit.id, data: unit });
  }

  deleteForSessions(sessionIds: readonly string[]): Promise<void> {
    return this.db.taskMemory.bulkDelete(sessionIds.map((id) => [this.profileId, id]));
  }

  private async update(unitId: string, change: (u: TaskMemoryUnit) => TaskMemoryUnit) {
    return this.db.transaction('rw', this.db.taskMemory, async () => {
      const next = change(await this.get(unitId));
      await this.put(next);
      return next;
    });
  }

  correctSlot(unitId: string, kindId: string, slot: string, answer: string) {
    const spec = taskKind(kindId).slots.find((s) => s.name === slot);
    if (!spec) throw new TaskMemoryNotFoundError(`${unitId} (slot ${slot})`);
    return this.update(unitId, (u) => correctSlot(u, spec, answer));
  }

  editQa(unitId: string, qaId: string, change: { question?: string; answer?: string }) {
    return this.update(unitId, (u) => editQa(u, qaId, change));
  }

  deleteQa(unitId: string, qaId: string) {
    return this.update(unitId, (u) => deleteQa(u, qaId));
  }

  async deleteUnit(unitId: string): Promise<void> {
    await this.db.taskMemory.delete([this.profileId, unitId]);
  }

  /**
   * The remembered slot values for the current task: the units of the same kind are activated
   * by the hybrid score (intent embedding + BM25, as `map-embedding` in the MS-TOD eval; no
   * open-task prior: a finished task is what a user most often comes back to), their pairs
   * judged (embedding judge) and re-ranked (engine recallTaskMemory); for each slot the
   * best-ranked pair that answers it wins.
   */
  async recall(
    kind: TaskKind,
    turns: readonly Turn[],
    embedder: EmbedderPort,
  ): Promise<TaskRecall> {
    const units = (await this.list())
      .map((v) => v.unit)
      .filter((u) => u.intentLabel === kind.id && u.qa.some((q) => q.slot !== undefined));
    if (units.length === 0) return { kind: kind.id, intent: '', slots: [], candidates: 0 };
    const result = await recallTaskMemory({
      turns,
      units,
      embedder,
      judge: createEmbeddingJudge({ embedder }),
      slots: kind.slots,
      hybrid: {},
      topQa: Number.MAX_SAFE_INTEGER,
    });
    const intents = new Map(units.map((u) => [u.id, u.intent]));
    const slots: RecalledSlot[] = [];
    for (const spec of kind.slots) {
      const best = result.ranked.find((r) => r.qa.slot === spec.name && r.qa.answer !== '');
      if (!best) continue;
      slots.push({
        slot: spec.name,
        value: best.qa.answer,
        unitId: best.unitId,
        sessionId: best.sessionId,
        qaId: best.qa.id,
        question: best.qa.question,
        intent: intents.get(best.unitId) ?? '',
        score: best.score,
      });
    }
    return { kind: kind.id, intent: result.intent, slots, candidates: units.length };
  }
}
