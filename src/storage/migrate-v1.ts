/**
 * Schema 1 → 2: turns move out of sessions, sessions join a default conversation, the single
 * tree blob per profile becomes versioned node / fact / meta rows behind a head pointer, and
 * number-array embeddings become float32 bytes.
 */
import type { Transaction } from 'dexie';
import type { FactCategory, Provenance, Speaker, TreeBuildStats } from '../engine/types.ts';
import type {
  ConversationRow,
  SessionRow,
  TreeFactRow,
  TreeHeadRow,
  LegacyTreeMetaRow,
  TreeNodeRow,
  TurnRow,
} from './rows.ts';

export interface V1Session {
  readonly profileId: string;
  readonly id: string;
  readonly time?: string;
  readonly turns: readonly { id: string; speaker: Speaker; text: string }[];
}
export interface V1Fact {
  readonly profileId: string;
  readonly id: string;
  readonly text: string;
  readonly category: FactCategory;
  readonly sources: readonly Provenance[];
  readonly embedding: readonly number[];
}
export interface V1Tree {
  readonly profileId: string;
  readonly nodes: readonly {
    id: string;
    level: number;
    text: string;
    embedding: readonly number[];
    parent: string | null;
    children: readonly string[];
    factId?: string;
  }[];
  readonly levels: readonly (readonly string[])[];
  readonly build: TreeBuildStats;
  readonly insertedSinceBuild: number;
  readonly nextNodeSeq: number;
}

/** Conversation that sessions stored before conversations existed are filed under. */
export const DEFAULT_CONVERSATION_ID = 'default';
const FIRST_TREE_VERSION = 1;

const floatBytes = (values: readonly number[]) => new Float32Array(values).buffer;

export async function upgradeV1ToV2(tx: Transaction): Promise<void> {
  const sessions = (await tx.table('sessions').toArray()) as (V1Session | SessionRow)[];
  const conversations = new Map<string, ConversationRow>();
  const sessionRows: SessionRow[] = [];
  const turnRows: TurnRow[] = [];
  for (const old of sessions) {
    if (!('turns' in old)) continue;
    conversations.set(old.profileId, {
      profileId: old.profileId,
      id: DEFAULT_CONVERSATION_ID,
      title: 'Earlier conversations',
    });
    sessionRows.push({
      profileId: old.profileId,
      id: old.id,
      conversationId: DEFAULT_CONVERSATION_ID,
      ...(old.time === undefined ? {} : { time: old.time }),
      turnCount: old.turns.length,
    });
    old.turns.forEach((turn, seq) =>
      turnRows.push({ profileId: old.profileId, sessionId: old.id, seq, ...turn }),
    );
  }
  await tx.table('sessions').bulkPut(sessionRows);
  await tx.table('turns').bulkPut(turnRows);
  await tx.table('conversations').bulkPut([...conversations.values()]);

  const facts = (await tx.table('facts').toArray()) as V1Fact[];
  await tx.table('treeFacts').bulkPut(
    facts.map((f): TreeFactRow => ({
      profileId: f.profileId,
      version: FIRST_TREE_VERSION,
      id: f.id,
      text: f.text,
      category: f.category,
      sources: f.sources,
    })),
  );

  const trees = (await tx.table('trees').toArray()) as V1Tree[];
  for (const tree of trees) {
    const base = { profileId: tree.profileId, version: FIRST_TREE_VERSION };
    const meta: LegacyTreeMetaRow = {
      ...base,
      dimension: tree.nodes[0]?.embedding.length ?? 0,
      levels: tree.levels,
      nodeOrder: tree.nodes.map((n) => n.id),
      factOrder: facts.filter((f) => f.profileId === tree.profileId).map((f) => f.id),
      build: tree.build,
      insertedSinceBuild: tree.insertedSinceBuild,
      nextNodeSeq: tree.nextNodeSeq,
      revision: 0,
    };
    await tx.table('treeMeta').put(meta);
    await tx.table('treeNodes').bulkPut(
      tree.nodes.map((n): TreeNodeRow => ({
        ...base,
        id: n.id,
        level: n.level,
        text: n.text,
        embedding: floatBytes(n.embedding),
        parent: n.parent,
        children: n.children,
        ...(n.factId === undefined ? {} : { factId: n.factId }),
      })),
    );
    const head: TreeHeadRow = base;
    await tx.table('treeHeads').put(head);
  }
}
