/** A profile as one versioned JSON file, deterministic: the same store gives the same bytes. */
import { lifetimeOf } from '../tree-codec.ts';
import type { GroveDb } from '../db.ts';
import { ProfileNotFoundError } from '../errors.ts';
import { getSettings } from '../profiles.ts';
import { loadLiveTree } from '../tree-store.ts';
import { vectorToBase64 } from '../vector-codec.ts';
import { encryptText } from './crypto.ts';
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportedTree, type ProfileExport } from './format.ts';
import { exportHistory } from './chat-rows.ts';
import { exportTaskMemories } from './task-memory-rows.ts';
import type { MemoryTree } from '../../engine/types.ts';
import { labelListed } from '../../engine/tree/label-tree.ts';

const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const opt = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };

function exportTree(live: MemoryTree): ExportedTree | null {
  if (live.nodes.size === 0) return null;
  // Labels an insert left for the worker's background work are written into the file.
  const tree = labelListed(live);
  return {
    dimension: tree.nodes.values().next().value?.embedding.length ?? 0,
    levels: tree.levels.map((level) => [...level]),
    build: {
      seed: tree.build.seed,
      factCount: tree.build.factCount,
      leafCohesion: tree.build.leafCohesion,
      leafCohesionStd: tree.build.leafCohesionStd,
    },
    insertedSinceBuild: tree.insertedSinceBuild,
    nextNodeSeq: tree.nextNodeSeq,
    nodes: [...tree.nodes.values()].map((n) => ({
      id: n.id,
      level: n.level,
      text: n.text,
      parent: n.parent,
      children: [...n.children],
      ...opt('factId', n.factId as string | undefined),
      embedding: vectorToBase64(n.embedding),
    })),
    facts: [...tree.facts.values()].map((f) => ({
      id: f.id,
      text: f.text,
      category: f.category,
      sources: f.sources.map((s) => ({
        sessionId: s.sessionId,
        turnIds: [...s.turnIds],
        ...opt('time', s.time),
      })),
      ...lifetimeOf(f),
    })),
  };
}

export async function exportProfileData(db: GroveDb, profileId: string): Promise<ProfileExport> {
  return db.transaction('r', db.tables, async () => {
    const profile = await db.profiles.get(profileId);
    if (!profile) throw new ProfileNotFoundError(profileId);
    const settings = await getSettings(db, profileId);
    const conversations = await db.conversations.where('profileId').equals(profileId).toArray();
    const sessions = await db.sessions.where('profileId').equals(profileId).toArray();
    const turns = new Map(
      (await db.sessionTurns.where('profileId').equals(profileId).toArray()).map((row) => [
        row.sessionId,
        row.turns,
      ]),
    );
    const pending = await db.pending.where('profileId').equals(profileId).toArray();
    const taskMemories = await db.taskMemory.where('profileId').equals(profileId).toArray();
    const history = exportHistory(
      await db.chats.where('profileId').equals(profileId).toArray(),
      await db.transcripts.where('profileId').equals(profileId).toArray(),
      await db.topicTrees.where('profileId').equals(profileId).toArray(),
    );
    const { tree } = await loadLiveTree(db, profileId);
    return {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      profile: { id: profile.id, name: profile.name, createdAt: profile.createdAt },
      settings: { memoryPaused: settings.memoryPaused },
      conversations: conversations.sort(byId).map((c) => ({ id: c.id, title: c.title })),
      sessions: sessions.sort(byId).map((s) => ({
        id: s.id,
        conversationId: s.conversationId,
        ...opt('time', s.time),
        turns: (turns.get(s.id) ?? []).map((t) => ({ id: t.id, speaker: t.speaker, text: t.text })),
      })),
      pending: pending
        .sort((a, b) => (a.sessionId < b.sessionId ? -1 : a.sessionId > b.sessionId ? 1 : 0))
        .map((p) => ({
          sessionId: p.sessionId,
          conversationId: p.conversationId,
          ...opt('time', p.time),
          recordedAt: p.recordedAt,
          turns: p.turns.map((t) => ({ id: t.id, speaker: t.speaker, text: t.text })),
        })),
      tree: exportTree(tree),
      taskMemories: exportTaskMemories(taskMemories),
      chats: [...history.chats],
      transcripts: [...history.transcripts],
      topicForests: [...history.topicForests],
    };
  });
}

export interface ExportOptions {
  /** Encrypts the file (AES-GCM, key from PBKDF2 over the passphrase). */
  readonly passphrase?: string;
  readonly iterations?: number;
}

/** The export file's text. Unencrypted exports are byte-identical for an unchanged store. */
export async function exportProfile(
  db: GroveDb,
  profileId: string,
  options: ExportOptions = {},
): Promise<string> {
  const text = JSON.stringify(await exportProfileData(db, profileId));
  if (options.passphrase === undefined) return text;
  return JSON.stringify(await encryptText(text, options.passphrase, options.iterations));
}
