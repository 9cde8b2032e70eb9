/**
 * The read side of one profile's memory. Every query is bound to the profile given at
 * construction: there is no method that takes another profile's id, so none can leak it.
 */
import { Dexie } from 'dexie';
import {
  asSessionId,
  asTurnId,
  type Fact,
  type FactCategory,
  type MemoryTree,
  type ProfileId,
  type Session,
  type Speaker,
  type Turn,
} from '../engine/types.ts';
import { sessionTexts, type SessionTexts } from '../engine/tree/lexicon.ts';
import type { GroveDb } from './db.ts';
import { firstById, firstPageOf } from './first-by-id.ts';
import { lifetimeViews, type FactLifetimeView } from './fact-lifetime-view.ts';
import type { ConversationRow, PendingRow, SessionRow } from './rows.ts';
import { LiveTreeCache, type LiveTree } from './tree-store.ts';
import { LazyTreeOrder } from './tree-order.ts';

type TurnsById = Map<string, { id: string; speaker: Speaker; text: string }>;

/** Sessions whose turns a store keeps from one listing to the next (the inspector shows 200 facts). */
const KEPT_SESSIONS_TURNS = 500;

export interface SourceView {
  readonly sessionId: string;
  readonly conversationId: string | null;
  readonly time: string | null;
  readonly turns: readonly { id: string; speaker: Speaker; text: string }[];
}

/** A fact as the user sees it: what, exactly where it came from, and when it held. */
export interface FactView extends FactLifetimeView {
  readonly id: string;
  readonly text: string;
  readonly category: FactCategory;
  readonly sources: readonly SourceView[];
}

export interface FactFilter {
  /** Every word must appear in the fact (case-insensitive). */
  readonly text?: string;
  readonly sessionId?: string;
  readonly conversationId?: string;
  /** Only these facts (a fact the page does not hold yet). */
  readonly ids?: readonly string[];
  /** At most this many, the first in id order (the inspector's first page). */
  readonly limit?: number;
}

export function sessionFromPending(row: PendingRow): Session {
  return {
    id: asSessionId(row.sessionId),
    ...(row.time === undefined ? {} : { time: row.time }),
    turns: row.turns.map((t) => ({ id: asTurnId(t.id), speaker: t.speaker, text: t.text })),
  };
}

function coversSessions(texts: SessionTexts, tree: MemoryTree): boolean {
  for (const fact of tree.facts.values())
    for (const source of fact.sources) if (!texts.has(source.sessionId)) return false;
  return true;
}

export class MemoryStore {
  private readonly trees: LiveTreeCache;
  private texts: { tree: MemoryTree; texts: Promise<SessionTexts> } | undefined;
  /** The turns listings read, by session, the last used last (`turnsOf`). */
  private readonly turnsRead = new Map<string, TurnsById>();
  /** Transcripts read before the tree was known (prefetchSessionTexts), not yet used. */
  private early: Promise<SessionTexts> | undefined;

  constructor(
    readonly db: GroveDb,
    readonly profileId: ProfileId,
  ) {
    this.trees = new LiveTreeCache(db, profileId);
  }

  private get pid(): string {
    return this.profileId;
  }

  /** The live tree; the same object while it has not changed (LiveTreeCache). */
  liveTree(): Promise<LiveTree> {
    return this.trees.load();
  }

  /**
   * Works out the live tree's position keys now, in slices (`pause` between them), which a tree
   * read from its image leaves to its first write (tree-order.ts, LazyTreeOrder): the next
   * insert does not wait for them.
   */
  async prepareWrite(pause: () => Promise<void>): Promise<void> {
    const { order } = await this.liveTree();
    if (order instanceof LazyTreeOrder) await order.prepare(pause);
  }

  /** Writes the live tree's image unless it has one (LiveTreeCache.keepImage, tree-image.ts). */
  keepTreeImage(pause?: () => Promise<void>): Promise<boolean> {
    return this.trees.keepImage(pause);
  }

  /**
   * After a committed write: the tree it made live, kept so the next read need not load it. An
   * ingestion that only added `sessions` to the tree it read (`from`) carries the transcripts
   * read for that tree over with the new sessions', instead of reading every turn again.
   */
  /**
   * Runs `write` (a transaction that changes the live tree) and keeps the tree it made live, if
   * any; reads of the live tree asked for meanwhile wait for it (LiveTreeCache.writing).
   */
  commitTree(
    write: () => Promise<LiveTree | undefined>,
    added?: { from: MemoryTree; sessions: readonly Session[] },
  ): Promise<LiveTree | undefined> {
    return this.trees.writing(async () => {
      const live = await write();
      if (live) this.keepLiveTree(live, added);
      return live;
    });
  }

  /** How many trees this worker's writes have made live: background work can tell it is stale. */
  get treesKept(): number {
    return this.kept;
  }
  private kept = 0;

  keepLiveTree(live: LiveTree, added?: { from: MemoryTree; sessions: readonly Session[] }): void {
    this.kept++;
    this.trees.keep(live);
    if (added && this.texts?.tree === added.from) {
      // No session added: the same transcripts (and the lexicon kept for them) serve the tree.
      const texts =
        added.sessions.length === 0
          ? this.texts.texts
          : this.texts.texts.then((before) => {
              const after = new Map(before);
              for (const [id, text] of sessionTexts(added.sessions)) after.set(id, text);
              return after as SessionTexts;
            });
      this.keepTexts(live.tree, texts);
    }
  }

  /** Keeps `texts` as the transcripts of `tree`; a failed read is forgotten, to be read again. */
  private keepTexts(tree: MemoryTree, texts: Promise<SessionTexts>): void {
    const kept = { tree, texts };
    this.texts = kept;
    texts.catch(() => {
      if (this.texts === kept) this.texts = undefined;
    });
  }

  conversations(): Promise<ConversationRow[]> {
    return this.db.conversations.where('profileId').equals(this.pid).sortBy('id');
  }

  sessions(conversationId?: string): Promise<SessionRow[]> {
    const query =
      conversationId === undefined
        ? this.db.sessions.where('profileId').equals(this.pid)
        : this.db.sessions.where('[profileId+conversationId]').equals([this.pid, conversationId]);
    return query.sortBy('id');
  }

  /**
   * The ids of the profile's sessions, in id order (as `sessions()` sorts them), read from the
   * keys alone: a heavy user's 1,800 session rows took longer to read than the rest of the counts.
   */
  async sessionIds(): Promise<string[]> {
    const keys = await this.db.sessions
      .where('[profileId+id]')
      .between([this.pid, Dexie.minKey], [this.pid, Dexie.maxKey])
      .primaryKeys();
    // The table's primary key is [profileId, id] (storage/schema.ts).
    return (keys as unknown as [string, string][]).map(([, id]) => id);
  }

  pending(): Promise<PendingRow[]> {
    return this.db.pending
      .where('profileId')
      .equals(this.pid)
      .toArray()
      .then((rows) =>
        rows.sort(
          (a, b) =>
            a.recordedAt.localeCompare(b.recordedAt) || a.sessionId.localeCompare(b.sessionId),
        ),
      );
  }

  async session(sessionId: string): Promise<Session | undefined> {
    const row = await this.db.sessions.get([this.pid, sessionId]);
    if (!row) return undefined;
    const turns = (await this.db.sessionTurns.get([this.pid, sessionId]))?.turns ?? [];
    return {
      id: asSessionId(row.id),
      ...(row.time === undefined ? {} : { time: row.time }),
      turns: turns.map((t) => ({ id: asTurnId(t.id), speaker: t.speaker, text: t.text })),
    };
  }

  /**
   * Every remembered session's transcript, for the no-LLM judge's session evidence
   * (engine/tree/lexicon.ts): one read of the session turns, in session and turn order. A caller
   * that has just read the live tree passes it (`live`): no second check of the tree, and the
   * transcripts are the ones that tree was written with.
   */
  async sessionTexts(live?: MemoryTree): Promise<SessionTexts> {
    // Kept while the live tree is: sessions and their turns are written in the same transaction
    // as the tree change they bring (which bumps its revision), so a new transcript means a new
    // tree. The same object lets the judge's lexicon, built once per tree and transcripts, be
    // reused by the next retrieval (counting 30,000 turns on every call cost 400 ms). A read
    // under way for the same tree is shared (a profile warming up at open, then its first
    // question).
    const tree = live ?? (await this.liveTree()).tree;
    if (this.texts?.tree === tree) return this.texts.texts;
    const early = this.early;
    this.early = undefined;
    // An early read serves when it holds every session of the tree (a session written after it
    // began would be missing; one deleted since is never asked for).
    const texts = early
      ? early.then(
          (read) => (coversSessions(read, tree) ? read : this.readSessionTexts()),
          () => this.readSessionTexts(),
        )
      : this.readSessionTexts();
    this.keepTexts(tree, texts);
    return texts;
  }

  /**
   * Starts reading the transcripts now, beside the live tree (a profile opening): the next
   * sessionTexts uses this read instead of starting one after the tree is known.
   */
  prefetchSessionTexts(): Promise<SessionTexts> | undefined {
    if (this.texts || this.early) return undefined;
    const early = this.readSessionTexts();
    early.catch(() => undefined); // a failed read is read again by sessionTexts
    this.early = early;
    return early;
  }

  private async readSessionTexts(): Promise<SessionTexts> {
    const rows = await this.db.sessionTurns.where('profileId').equals(this.pid).toArray();
    return sessionTexts(
      rows.map((row) => ({
        id: asSessionId(row.sessionId),
        turns: row.turns.map((t): Turn => ({
          id: asTurnId(t.id),
          speaker: t.speaker,
          text: t.text,
        })),
      })),
    );
  }

  /**
   * Facts of the live tree with their provenance resolved to sessions and turns, in id order.
   * Only the sessions and turns of the facts listed (and of their lineages) are read: the first
   * page of 30,000 facts needs a few dozen sessions, not all 1,800 rows and 18,000 turns.
   */
  async listFacts(filter: FactFilter = {}): Promise<FactView[]> {
    const { tree } = await this.liveTree();
    const words = (filter.text ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const ids = filter.ids === undefined ? undefined : new Set(filter.ids);
    const inConversation =
      filter.conversationId === undefined
        ? undefined
        : new Set((await this.sessions(filter.conversationId)).map((s) => s.id));
    // The inspector's first page (a limit, no filter) is carried over from the last one.
    const firstPage =
      !ids && words.length === 0 && filter.sessionId === undefined && !inConversation
        ? filter.limit
        : undefined;
    const chosen: Fact[] = [];
    for (const fact of firstPage === undefined ? tree.facts.values() : []) {
      if (ids && !ids.has(fact.id)) continue;
      if (words.length > 0) {
        const text = fact.text.toLowerCase();
        if (!words.every((w) => text.includes(w))) continue;
      }
      if (
        filter.sessionId !== undefined &&
        !fact.sources.some((s) => s.sessionId === filter.sessionId)
      )
        continue;
      if (inConversation && !fact.sources.some((s) => inConversation.has(s.sessionId))) continue;
      chosen.push(fact);
    }
    const listed =
      firstPage === undefined
        ? firstById(chosen, filter.limit)
        : firstPageOf(tree.facts, firstPage);
    const own = new Set(listed.flatMap((fact) => fact.sources.map((s) => s.sessionId)));
    const lifetime = lifetimeViews(tree.facts);
    // The lineages name sessions too: a first pass over the listed facts collects them.
    const named = new Set<string>(own);
    for (const fact of listed)
      lifetime(fact, (sessionId) => {
        named.add(sessionId);
        return null;
      });
    const [sessions, turnsOf] = await Promise.all([this.sessionsById(named), this.turnsOf(own)]);
    const conversationOf = (sessionId: string) => sessions.get(sessionId)?.conversationId ?? null;
    return listed.map((fact) => ({
      id: fact.id,
      text: fact.text,
      category: fact.category,
      ...lifetime(fact, conversationOf),
      sources: fact.sources.map((s): SourceView => {
        const session = sessions.get(s.sessionId);
        const turns = turnsOf.get(s.sessionId);
        return {
          sessionId: s.sessionId,
          conversationId: session?.conversationId ?? null,
          time: s.time ?? session?.time ?? null,
          turns: s.turnIds.flatMap((id) => {
            const turn = turns?.get(id);
            return turn ? [turn] : [];
          }),
        };
      }),
    }));
  }

  /** These sessions' rows, by id (an id with no row is left out). */
  private async sessionsById(ids: ReadonlySet<string>): Promise<Map<string, SessionRow>> {
    const rows = await this.db.sessions.bulkGet([...ids].map((id) => [this.pid, id]));
    return new Map(rows.flatMap((row) => (row ? [[row.id, row] as const] : [])));
  }

  /**
   * The turns of these sessions, by session and turn id. Those the last call read are kept for
   * the next (the inspector's next page, after a remembered session, shows mostly the same facts:
   * reading a heavy user's page of 200 facts' sessions took 30–40 ms, and the next session's
   * write waited for it); a session's turns do not change while it exists (`forgetTurns`).
   */
  private async turnsOf(sessionIds: ReadonlySet<string>): Promise<Map<string, TurnsById>> {
    const turnsOf = new Map<string, TurnsById>();
    const unread: string[] = [];
    for (const id of sessionIds) {
      const kept = this.turnsRead.get(id);
      if (kept) turnsOf.set(id, kept);
      else unread.push(id);
    }
    const rows = await this.db.sessionTurns.bulkGet(
      unread.map((sessionId) => [this.pid, sessionId]),
    );
    for (const row of rows) {
      if (!row) continue;
      turnsOf.set(
        row.sessionId,
        new Map(row.turns.map((t) => [t.id, { id: t.id, speaker: t.speaker, text: t.text }])),
      );
    }
    for (const [id, turns] of turnsOf) {
      this.turnsRead.delete(id); // kept last-used last
      this.turnsRead.set(id, turns);
    }
    for (const id of this.turnsRead.keys()) {
      if (this.turnsRead.size <= KEPT_SESSIONS_TURNS) break;
      this.turnsRead.delete(id);
    }
    return turnsOf;
  }

  /** Drops the kept turns of these sessions (deleted, or recorded again under the same id). */
  forgetTurns(sessionIds: Iterable<string>): void {
    for (const id of sessionIds) this.turnsRead.delete(id);
  }

  async counts(): Promise<{ sessions: number; facts: number; nodes: number; pending: number }> {
    const { tree } = await this.liveTree();
    return {
      sessions: await this.db.sessions.where('profileId').equals(this.pid).count(),
      facts: tree.facts.size,
      nodes: tree.nodes.size,
      pending: await this.db.pending.where('profileId').equals(this.pid).count(),
    };
  }
}
