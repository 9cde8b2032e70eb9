/**
 * Importing a profile file: parse (rejecting prototype-pollution keys), decrypt if needed,
 * validate shape (for the file's version: 1, 2 or 3) and integrity, then write everything, task
 * memories and the conversation history (list, transcripts, topic forests) included, in one
 * transaction. Any failure throws a clear ImportError subclass and leaves the store exactly as it
 * was. An import never overwrites: a file whose profile id is taken here lands in a new profile
 * (import-target.ts), every row written under that id, the history's included (its rows carry
 * the profile id only as their key's first part; messages and forests name none).
 */
import type { GroveDb } from '../db.ts';
import { ImportError } from '../errors.ts';
import { profileTables } from '../profiles.ts';
import { guardQuota } from '../quota.ts';
import type { ProfileRow, TreeFactCell, TreeNodeCell } from '../rows.ts';
import { treeImageOfCells, withoutEmbedding, type TreeIdentity } from '../tree-image.ts';
import { factPages, factsOfCells, nodePages } from '../tree-codec.ts';
import { slotIndexImage } from '../../engine/lifetime/slot-index.ts';
import { termCountsImage } from '../../engine/tree/label-terms.ts';
import { base64ToBytes } from '../vector-codec.ts';
import { decryptText } from './crypto.ts';
import {
  ENCRYPTED_FORMAT,
  envelopeSchema,
  exportSchema,
  exportSchemaV1,
  exportSchemaV2,
  EXPORT_FORMAT,
  LIMITS,
  type ProfileExport,
} from './format.ts';
import {
  isReadableVersion,
  readableVersionsText,
  upgrade,
  versionNotice,
  type FileVersion,
} from './file-versions.ts';
import { historyRows } from './chat-rows.ts';
import { importTarget, type ImportTarget } from './import-target.ts';
import { taskMemoryRow } from './task-memory-rows.ts';
import { validateExport } from './validate.ts';

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export class EncryptedFileError extends ImportError {
  override readonly name = 'EncryptedFileError';
  constructor() {
    super('This export is encrypted: enter the passphrase it was saved with.');
  }
}

function parseJson(text: string): unknown {
  if (text.length > LIMITS.fileChars) {
    throw new ImportError(
      `This file is larger than ${LIMITS.fileChars} characters: it is not a Grove profile Grove can import.`,
    );
  }
  try {
    return JSON.parse(text, (key, value: unknown) => {
      if (FORBIDDEN_KEYS.has(key)) throw new ImportError(`forbidden key "${key}"`);
      return value;
    });
  } catch (error) {
    if (error instanceof ImportError) {
      throw new ImportError(
        `This file contains a ${error.message}, which Grove never writes: it was refused.`,
      );
    }
    throw new ImportError(
      `This file is not valid JSON (${(error as Error).message}); it may be truncated. Nothing was imported.`,
    );
  }
}

function describeIssue(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}) {
  const issue = error.issues[0];
  const where = issue?.path.length ? issue.path.map(String).join('.') : '(top level)';
  return `${where}: ${issue?.message ?? 'invalid'}`;
}

/** A file read and checked: its content in the current shape, and the version it was saved in. */
export interface ParsedProfileFile {
  readonly data: ProfileExport;
  readonly fileVersion: FileVersion;
}

const SCHEMAS = { 1: exportSchemaV1, 2: exportSchemaV2, 3: exportSchema } as const;

function parseVersion(raw: unknown, version: FileVersion): ProfileExport {
  const parsed = SCHEMAS[version].safeParse(raw);
  if (!parsed.success) {
    throw new ImportError(
      `This file is not a valid Grove profile (${describeIssue(parsed.error)}). Nothing was imported.`,
    );
  }
  return upgrade(parsed.data);
}

export async function parseProfileFile(
  text: string,
  passphrase?: string,
): Promise<ParsedProfileFile> {
  let raw = parseJson(text);
  const format = (raw as { format?: unknown } | null)?.format;
  if (format === ENCRYPTED_FORMAT) {
    const envelope = envelopeSchema.safeParse(raw);
    if (!envelope.success) {
      throw new ImportError(`This encrypted export is damaged (${describeIssue(envelope.error)}).`);
    }
    if (passphrase === undefined) throw new EncryptedFileError();
    raw = parseJson(await decryptText(envelope.data, passphrase));
  } else if (format !== EXPORT_FORMAT) {
    throw new ImportError(
      'This is not a Grove profile export (its "format" field is missing or different).',
    );
  }
  const version = (raw as { version?: unknown }).version;
  if (!isReadableVersion(version)) {
    throw new ImportError(
      `This export has version ${JSON.stringify(version)}; this Grove reads versions ` +
        `${readableVersionsText()}. Update Grove, or export again from the same version.`,
    );
  }
  const data = parseVersion(raw, version);
  validateExport(data);
  return { data, fileVersion: version };
}

export interface ImportOptions {
  readonly passphrase?: string;
}

/** The imported profile, with what the file held that the user may want to know about. */
export interface ImportedProfile extends ProfileRow {
  readonly fileVersion: FileVersion;
  readonly taskMemories: number;
  /** Conversations in the history the file brought (with their transcripts and forests). */
  readonly conversations: number;
  /** Set when the file's version matters (a version 1 or 2 file holds no conversations). */
  readonly notice?: string;
  /**
   * Set when the file's profile id was already taken here: the file's own id and name. The
   * profile that held the id is untouched; the file landed in this new one (`id`, `name`).
   */
  readonly renamedFrom?: ImportTarget['renamedFrom'];
}

/**
 * A file's tree as its version's rows hold it (the file's orders as the pages' keys,
 * storage/tree-order.ts) and its image (tree-image.ts) naming `identity`, for any profile id.
 */
async function storedTree(tree: NonNullable<ProfileExport['tree']>, identity: TreeIdentity) {
  const levelSeq = new Map<string, number>();
  for (const level of tree.levels) level.forEach((id, i) => levelSeq.set(id, i));
  const nodes = tree.nodes.map(({ embedding, ...n }, seq): TreeNodeCell => ({
    ...n,
    seq,
    levelSeq: levelSeq.get(n.id) ?? 0,
    embedding: base64ToBytes(embedding).slice().buffer,
  }));
  const facts = tree.facts.map((f, seq): TreeFactCell => ({ ...f, seq }));
  const factMap = factsOfCells(facts);
  return {
    meta: {
      dimension: tree.dimension,
      height: tree.levels.length,
      build: tree.build,
      insertedSinceBuild: tree.insertedSinceBuild,
      nextNodeSeq: tree.nextNodeSeq,
    },
    nodes,
    facts,
    image: await treeImageOfCells(
      '',
      identity,
      {
        nodes: nodes.map(withoutEmbedding),
        facts,
        slotIndex: await slotIndexImage(factMap),
        termCounts: await termCountsImage(factMap),
      },
      (i) => new Float32Array((nodes[i] as TreeNodeCell).embedding),
      tree.dimension,
    ),
  };
}

/**
 * Imports a profile export as a new profile: under the file's id when it is free here, else
 * under the first free `<id>-<n>` named "<name> (imported)". Never changes an existing profile.
 */
export async function importProfile(
  db: GroveDb,
  text: string,
  options: ImportOptions = {},
): Promise<ImportedProfile> {
  const { data, fileVersion } = await parseProfileFile(text, options.passphrase);
  const version = 1;
  const stamp = crypto.randomUUID();
  // Made before the transaction, which must not wait on anything but its own requests; the
  // profile id is set inside.
  const tree = data.tree && (await storedTree(data.tree, { version, revision: 0, stamp }));
  const target = await guardQuota(() =>
    db.transaction('rw', [db.profiles, ...profileTables(db)], async () => {
      const target = await importTarget(db, data.profile);
      const pid = target.id;
      const base = { profileId: pid };
      await db.profiles.add({ id: pid, name: target.name, createdAt: data.profile.createdAt });
      await db.settings.add({ ...base, key: 'memoryPaused', value: data.settings.memoryPaused });
      await db.conversations.bulkAdd(data.conversations.map((c) => ({ ...base, ...c })));
      await db.sessions.bulkAdd(
        data.sessions.map(({ turns, ...s }) => ({ ...base, ...s, turnCount: turns.length })),
      );
      await db.sessionTurns.bulkAdd(
        data.sessions.map((s) => ({
          ...base,
          sessionId: s.id,
          turns: s.turns.map(({ id, speaker, text }) => ({ id, speaker, text })),
        })),
      );
      await db.pending.bulkAdd(data.pending.map((p) => ({ ...base, ...p })));
      await db.taskMemory.bulkAdd(data.taskMemories.map((u) => taskMemoryRow(pid, u)));
      const history = historyRows(pid, data);
      await db.chats.bulkAdd(history.chats);
      await db.transcripts.bulkAdd(history.transcripts);
      await db.topicTrees.bulkAdd(history.topicTrees);
      if (!tree) return target;
      await db.treeHeads.add({ ...base, version, revision: 0, stamp });
      await db.treeMeta.add({ ...base, ...tree.meta, version, revision: 0 });
      await db.treeNodePages.bulkAdd(nodePages(pid, version, tree.nodes));
      await db.treeFactPages.bulkAdd(factPages(pid, version, tree.facts));
      await db.treeImages.put({ ...tree.image, profileId: pid });
      return target;
    }),
  );
  const notice = versionNotice(fileVersion);
  return {
    id: target.id,
    name: target.name,
    createdAt: data.profile.createdAt,
    ...(target.renamedFrom === undefined ? {} : { renamedFrom: target.renamedFrom }),
    fileVersion,
    taskMemories: data.taskMemories.length,
    conversations: data.chats.length,
    ...(notice === undefined ? {} : { notice }),
  };
}
