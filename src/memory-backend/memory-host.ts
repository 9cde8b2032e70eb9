/**
 * The engine's host for one profile: ingestion with a pending journal, memory operations and
 * rebuilds. The slow work (extract, embed, summarise) runs outside any transaction; its result
 * is committed in one transaction, under an exclusive per-profile lock.
 */
import { throwIfAborted } from '../engine/errors.ts';
import { measureDrift } from '../engine/tree/drift.ts';
import { editFact, forgetSessions, removeFacts, type EditResult } from '../engine/tree/edit.ts';
import { labelPending } from '../engine/tree/label-tree.ts';
import { keepDerivedForRelabelled } from '../engine/tree/relabelled.ts';
import { markReplaced, undoSupersede } from '../engine/lifetime/lineage.ts';
import { withFacts } from '../engine/pipeline.ts';
import {
  asFactId,
  asSessionId,
  type Fact,
  type MemoryTree,
  type Session,
} from '../engine/types.ts';
import { cosine } from '../engine/vector.ts';
import type { GroveDb } from '../storage/db.ts';
import { FactNotFoundError, SessionExistsError } from '../storage/errors.ts';
import { defaultLocks, profileLockName, type LockManagerLike } from './locks.ts';
import type { MemoryEngine } from './memory-engine.ts';
import { LayeredMap } from '../engine/layered-map.ts';
import { MemoryStore, sessionFromPending, type FactView } from '../storage/memory-store.ts';
import { getSettings, setSetting, wipeProfile } from '../storage/profiles.ts';
import { guardQuota } from '../storage/quota.ts';
import type { PendingRow } from '../storage/rows.ts';
import {
  collectOrphanTrees,
  replaceTree,
  TREE_TABLES,
  writeTreeChange,
  type LiveTree,
} from '../storage/tree-store.ts';
import { DEFAULT_CONVERSATION_ID } from '../storage/migrate-v1.ts';
import type { LlmPort } from '../engine/ports.ts';
import { buildTaskUnit, TaskMemoryStore } from '../storage/task-memory-store.ts';

export type IngestStage = 'recorded' | 'extracting' | 'committing';

export interface HostOptions {
  readonly locks?: LockManagerLike;
  /** Called between ingestion stages (test mode uses it to slow ingestion down). */
  readonly onStage?: (stage: IngestStage, sessionId: string) => Promise<void> | void;
  readonly now?: () => string;
  /** The LLM that writes task-memory units now (absent: the extractive no-LLM variant). */
  readonly taskLlm?: () => LlmPort | undefined;
}

export interface IngestInput {
  readonly session: Session;
  readonly conversationId?: string;
  readonly conversationTitle?: string;
  /**
   * Stops the ingestion (AbortError) while it extracts and inserts: nothing of it is written, the
   * session stays pending (resumed later).
   */
  readonly signal?: AbortSignal;
}

export type IngestResult =
  | { readonly status: 'ingested'; readonly sessionId: string; readonly facts: number }
  | { readonly status: 'paused'; readonly sessionId: string }
  /** Another tab or an earlier run finished it first. */
  | { readonly status: 'already-done'; readonly sessionId: string };

/** The tables a memory write may touch: sessions and their turns, pending work, tasks, the tree. */
const memoryTables = (db: GroveDb) => [
  db.sessions,
  db.sessionTurns,
  db.pending,
  db.conversations,
  db.taskMemory,
  ...TREE_TABLES(db),
];

export class MemoryHost {
  readonly store: MemoryStore;
  readonly tasks: TaskMemoryStore;
  private readonly locks: LockManagerLike;
  private readonly lockName: string;

  constructor(
    readonly db: GroveDb,
    readonly profileId: MemoryStore['profileId'],
    readonly engine: MemoryEngine,
    private readonly options: HostOptions = {},
  ) {
    this.store = new MemoryStore(db, profileId);
    this.tasks = new TaskMemoryStore(db, profileId);
    this.locks = options.locks ?? defaultLocks();
    this.lockName = profileLockName(db.name, profileId);
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    return this.locks.request(this.lockName, { mode: 'exclusive' }, work);
  }

  private get pid(): string {
    return this.profileId;
  }

  /** Records the session as pending, then turns it into memories (all-or-nothing). */
  async ingest(input: IngestInput): Promise<IngestResult> {
    const sessionId = input.session.id;
    if ((await getSettings(this.db, this.pid)).memoryPaused) return { status: 'paused', sessionId };
    const row: PendingRow = {
      profileId: this.pid,
      sessionId,
      conversationId: input.conversationId ?? DEFAULT_CONVERSATION_ID,
      ...(input.session.time === undefined ? {} : { time: input.session.time }),
      turns: input.session.turns.map((t) => ({ id: t.id, speaker: t.speaker, text: t.text })),
      recordedAt: this.options.now?.() ?? new Date().toISOString(),
    };
    await guardQuota(() =>
      this.db.transaction(
        'rw',
        [this.db.sessions, this.db.pending, this.db.conversations],
        async () => {
          const exists =
            (await this.db.sessions.get([this.pid, sessionId])) ??
            (await this.db.pending.get([this.pid, sessionId]));
          if (exists) throw new SessionExistsError(sessionId);
          await this.db.pending.add(row);
          const conversation = await this.db.conversations.get([this.pid, row.conversationId]);
          if (!conversation) {
            await this.db.conversations.add({
              profileId: this.pid,
              id: row.conversationId,
              title: input.conversationTitle ?? row.conversationId,
            });
          }
        },
      ),
    );
    await this.options.onStage?.('recorded', sessionId);
    return this.process(sessionId, input.signal);
  }

  /** Finishes every session left pending by a reload or crash, oldest first. */
  async resumePending(): Promise<IngestResult[]> {
    await this.exclusive(() => collectOrphanTrees(this.db, this.pid));
    const results: IngestResult[] = [];
    for (const row of await this.store.pending()) results.push(await this.process(row.sessionId));
    return results;
  }

  /** Drops a pending session without ingesting it (e.g. one whose extraction keeps failing). */
  async discardPending(sessionId: string): Promise<void> {
    await this.db.pending.delete([this.pid, sessionId]);
  }

  private process(sessionId: string, signal?: AbortSignal): Promise<IngestResult> {
    return this.exclusive(async () => {
      const pending = await this.db.pending.get([this.pid, sessionId]);
      if (!pending) return { status: 'already-done', sessionId };
      const live = await this.store.liveTree();
      await this.options.onStage?.('extracting', sessionId);
      const session = sessionFromPending(pending);
      const tree = await this.engine.addSession(live.tree, session, signal);
      const unit = await buildTaskUnit(session, this.options.taskLlm?.(), signal);
      throwIfAborted(signal);
      await this.options.onStage?.('committing', sessionId);
      const db = this.db;
      // Reads of the live tree meanwhile wait for the write and find the tree it keeps.
      await this.store.commitTree(
        () =>
          guardQuota(() =>
            db.transaction('rw', memoryTables(db), async () => {
              if (!(await db.pending.get([this.pid, sessionId]))) return undefined;
              await db.sessions.put({
                profileId: this.pid,
                id: sessionId,
                conversationId: pending.conversationId,
                ...(pending.time === undefined ? {} : { time: pending.time }),
                turnCount: pending.turns.length,
              });
              this.store.forgetTurns([sessionId]);
              await db.sessionTurns.put({
                profileId: this.pid,
                sessionId,
                turns: pending.turns.map(({ id, speaker, text }) => ({ id, speaker, text })),
              });
              const next = await writeTreeChange(db, this.pid, live, tree);
              if (unit) await this.tasks.put(unit);
              await db.pending.delete([this.pid, sessionId]);
              return next;
            }),
          ),
        { from: live.tree, sessions: [session] },
      );
      // The session's facts are new or changed (a merged duplicate gained it as a source): only
      // those entries are read, not every fact.
      let facts = 0;
      for (const id of LayeredMap.changedBetween(live.tree.facts, tree.facts) ??
        tree.facts.keys()) {
        if (tree.facts.get(id)?.sources.some((s) => s.sessionId === sessionId)) facts++;
      }
      return { status: 'ingested', sessionId, facts };
    });
  }

  /**
   * Writes the keyword labels the ingestions left for later (MemoryTree.unlabelled), worked out
   * outside the lock with `pause` between comparison groups, then committed only if the live tree
   * is still the one they were worked out for: a change meanwhile keeps them listed, and the
   * background work after it writes them. `seen`: the live tree as the caller just read it.
   * Returns the tree it left live (as far as it read).
   */
  async labelPending(pause?: () => Promise<void>, seen?: MemoryTree): Promise<MemoryTree> {
    const tree = seen ?? (await this.store.liveTree()).tree;
    if (tree.unlabelled === undefined) return tree;
    // A tree this worker wrote meanwhile (a session remembered while a slice waited) ends the
    // work at once: its own background work labels what both left.
    const kept = this.store.treesKept;
    const superseded = new Error('superseded');
    let labelled: MemoryTree;
    try {
      labelled = await labelPending(tree, async () => {
        await pause?.();
        if (this.store.treesKept !== kept) throw superseded;
      });
    } catch (error) {
      if (error === superseded) return (await this.store.liveTree()).tree;
      throw error;
    }
    return this.exclusive(async () => {
      const now = await this.store.liveTree();
      if (now.tree !== tree) return now.tree;
      keepDerivedForRelabelled(tree, labelled);
      const db = this.db;
      await this.store.commitTree(
        () =>
          guardQuota(() =>
            db.transaction('rw', memoryTables(db), () =>
              writeTreeChange(db, this.pid, now, labelled),
            ),
          ),
        { from: tree, sessions: [] },
      );
      return labelled;
    });
  }

  /** Applies a tree edit and any extra row deletions in one transaction, under the lock. */
  private change(
    edit: (live: LiveTree) => Promise<EditResult>,
    alsoDelete: (db: GroveDb) => Promise<void> = async () => undefined,
  ): Promise<EditResult> {
    return this.exclusive(async () => {
      const live = await this.store.liveTree();
      const result = await edit(live);
      const db = this.db;
      await this.store.commitTree(() =>
        guardQuota(() =>
          db.transaction('rw', memoryTables(db), async () => {
            const next = await writeTreeChange(db, this.pid, live, result.tree);
            await alsoDelete(db);
            return next;
          }),
        ),
      );
      return result;
    });
  }

  private get editOptions() {
    return { embedder: this.engine.embedder, summariser: this.engine.summariser };
  }

  private requireFact(tree: MemoryTree, factId: string) {
    if (!tree.facts.has(asFactId(factId))) throw new FactNotFoundError(factId);
  }

  /** New text for a memory: re-embedded, its ancestors re-summarised. */
  editFact(factId: string, text: string): Promise<EditResult> {
    return this.change(async ({ tree }) => {
      this.requireFact(tree, factId);
      return editFact(tree, asFactId(factId), text, this.editOptions);
    });
  }

  /**
   * A change to facts' lifetimes only (undo a supersede, mark one by hand): the facts' fields
   * change, no node moves, nothing is re-summarised. `change` gets the live facts and returns
   * the facts it changed (a LineageError says in words why it cannot).
   */
  private changeLifetimes(
    change: (facts: MemoryTree['facts']) => readonly Fact[],
  ): Promise<EditResult> {
    return this.change(async ({ tree }) => ({
      tree: withFacts(tree, change(tree.facts)),
      removed: [],
      trimmed: [],
      resummarised: [],
    }));
  }

  /** The memory is current again; the one that replaced it stays current too. */
  undoSupersede(factId: string): Promise<EditResult> {
    return this.changeLifetimes((facts) => [undoSupersede(facts, asFactId(factId))]);
  }

  /** The user says `oldId` was replaced by `newId` (from the newer one's start). */
  markReplaced(oldId: string, newId: string): Promise<EditResult> {
    return this.changeLifetimes((facts) => [markReplaced(facts, asFactId(oldId), asFactId(newId))]);
  }

  deleteFact(factId: string): Promise<EditResult> {
    return this.change(async ({ tree }) => {
      this.requireFact(tree, factId);
      return removeFacts(tree, [asFactId(factId)], this.editOptions);
    });
  }

  private deleteSessionRows(db: GroveDb, sessionIds: readonly string[]) {
    this.store.forgetTurns(sessionIds);
    return Promise.all(
      sessionIds.map(async (id) => {
        await db.sessions.delete([this.pid, id]);
        await db.sessionTurns.delete([this.pid, id]);
        await db.pending.delete([this.pid, id]);
        await db.taskMemory.delete([this.pid, id]);
      }),
    );
  }

  /** Deletes sessions with their turns and every memory derived only from them. */
  deleteSessions(sessionIds: readonly string[]): Promise<EditResult> {
    return this.change(
      ({ tree }) => forgetSessions(tree, sessionIds.map(asSessionId), this.editOptions),
      (db) => this.deleteSessionRows(db, sessionIds).then(() => undefined),
    );
  }

  /** Deletes a conversation, its sessions (pending ones too) and what was derived from them. */
  async deleteConversation(conversationId: string): Promise<EditResult> {
    const ids = async () => {
      const stored = await this.store.sessions(conversationId);
      const pending = (await this.store.pending()).filter(
        (p) => p.conversationId === conversationId,
      );
      return [...stored.map((s) => s.id), ...pending.map((p) => p.sessionId)];
    };
    let sessionIds: string[] = [];
    return this.change(
      async ({ tree }) => {
        sessionIds = await ids();
        return forgetSessions(tree, sessionIds.map(asSessionId), this.editOptions);
      },
      async (db) => {
        await this.deleteSessionRows(db, sessionIds);
        await db.conversations.delete([this.pid, conversationId]);
      },
    );
  }

  /** Rebuilds the tree beside the live one and switches to it atomically. */
  rebuild(
    hooks: { beforeSwitch?: () => Promise<void>; signal?: AbortSignal } = {},
  ): Promise<number> {
    return this.exclusive(async () => {
      const live = await this.store.liveTree();
      const tree = await this.engine.rebuild(live.tree, hooks.signal);
      throwIfAborted(hooks.signal);
      // Not through commitTree: its pages are written in chunks for seconds, and until the head
      // switches the tree that reads find is still the live one.
      const next = await guardQuota(() => replaceTree(this.db, this.pid, live, tree, hooks));
      this.store.keepLiveTree(next);
      return next.version;
    });
  }

  /**
   * Rebuilds when incremental inserts have drifted the tree away from what a fresh build would
   * give (engine/tree/drift.ts); returns null when the tree is still sound.
   */
  async rebuildIfDrifted(): Promise<{ version: number; reasons: readonly string[] } | null> {
    const drift = measureDrift((await this.store.liveTree()).tree);
    if (!drift.rebuildRecommended) return null;
    return { version: await this.rebuild(), reasons: drift.reasons };
  }

  setPaused(paused: boolean): Promise<void> {
    return setSetting(this.db, this.pid, 'memoryPaused', paused);
  }

  wipe(): Promise<void> {
    return this.exclusive(() => wipeProfile(this.db, this.pid));
  }

  /** Facts closest in meaning to `query` (cosine of embeddings), best first. */
  async searchFacts(query: string, limit = 10): Promise<(FactView & { score: number })[]> {
    const [vector] = await this.engine.embedder.embed([query]);
    if (!vector) return [];
    const { tree } = await this.store.liveTree();
    // Ranked first, then only the best `limit` facts get their provenance read.
    const scored: { id: string; score: number }[] = [];
    for (const node of tree.nodes.values()) {
      if (node.factId !== undefined && tree.facts.has(node.factId)) {
        scored.push({ id: node.factId, score: cosine(vector, node.embedding) });
      }
    }
    scored.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
    const best = scored.slice(0, limit);
    const views = new Map(
      (await this.store.listFacts({ ids: best.map((s) => s.id) })).map((f) => [f.id, f]),
    );
    return best.flatMap(({ id, score }) => {
      const view = views.get(id);
      return view ? [{ ...view, score }] : [];
    });
  }
}
