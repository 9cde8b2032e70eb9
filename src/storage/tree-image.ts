/**
 * A live tree's image: the whole tree in three large values (its node cells and its fact cells
 * as JSON, every node's embedding in one float32 buffer), read when a memory opens. IndexedDB
 * reads a few large values fast and many small ones slowly: at 30,000 facts a worker read and
 * decoded the tree's 2,048 pages in 1.0–1.2 s, the same tree's image in about 0.4 s.
 *
 * The pages stay the tree's record (an insert rewrites only the pages it touched). The image is a
 * copy, written while the worker is idle, and used only while it names the live tree exactly
 * (the head's version, revision and stamp): a tree changed since is read from its pages, and a
 * new image is written when the worker is next idle. An image that cannot be read is ignored
 * the same way.
 */
import {
  seedSlotIndex,
  slotIndexImage,
  type SlotIndexImage,
} from '../engine/lifetime/slot-index.ts';
import {
  seedTermCounts,
  termCountsImage,
  type TermCountsImage,
} from '../engine/tree/label-terms.ts';
import type { MemoryTree } from '../engine/types.ts';
import { assembleTree, dimensionOf, factToCell, type NodeCellBody } from './tree-codec.ts';
import type { TreeFactCell, TreeImageRow, TreeMetaRow, TreeNodeCell } from './rows.ts';
import { LazyTreeOrder, type TreeOrder } from './tree-order.ts';

/** What names a live tree: its version, revision and stamp (TreeHeadRow). */
export interface TreeIdentity {
  readonly version: number;
  readonly revision: number;
  readonly stamp: string;
}

export const treeImageIdentity = ({ version, revision, stamp }: TreeIdentity): string =>
  `${version}:${revision}:${stamp}`;

/** Cells turned to JSON between two calls of `pause` (each slice a few milliseconds). */
const JSON_SLICE = 2000;

const NOT_ASCII = /[^ -~]/;
const EACH_NOT_ASCII = /[^ -~]/g;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * `json` with every character outside printable ASCII written as a \u escape, as a one-byte
 * string. A JavaScript engine keeps a string holding one em dash at two bytes a character, and
 * IndexedDB stores it so: a heavy user's node summaries (a few thousand dashes and ellipses)
 * took 12.6 MB instead of 6.3 MB of the image to read.
 */
function asciiJson(json: string): string {
  if (!NOT_ASCII.test(json)) return json;
  const escaped = json.replace(
    EACH_NOT_ASCII,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  // A string made from a two-byte one stays two-byte; one decoded from ASCII bytes is one-byte.
  return decoder.decode(encoder.encode(escaped));
}

async function jsonArray(items: readonly unknown[], pause: () => Promise<void>): Promise<string> {
  const parts: string[] = [];
  for (let i = 0; i < items.length; i += JSON_SLICE) {
    parts.push(asciiJson(JSON.stringify(items.slice(i, i + JSON_SLICE))).slice(1, -1));
    await pause();
  }
  return `[${parts.join(',')}]`;
}

/**
 * The image of a tree given as its cells, nodes in node order (ascending `seq`), each node's
 * embedding `dimension` floats long. `pause` runs between slices of the work.
 */
export async function treeImageOfCells(
  profileId: string,
  identity: TreeIdentity,
  cells: {
    readonly nodes: readonly NodeCellBody[];
    readonly facts: readonly TreeFactCell[];
    readonly slotIndex?: SlotIndexImage;
    readonly termCounts?: TermCountsImage;
  },
  embeddingOf: (position: number) => ArrayLike<number>,
  dimension: number,
  pause: () => Promise<void> = async () => undefined,
): Promise<TreeImageRow> {
  const block = new Float32Array(cells.nodes.length * dimension);
  cells.nodes.forEach((node, i) => {
    const embedding = embeddingOf(i);
    if (embedding.length !== dimension) {
      // The pages' reader refuses such a node too; an image must never read back otherwise.
      throw new RangeError(`node ${node.id} has ${embedding.length} dimensions, not ${dimension}`);
    }
    block.set(embedding, i * dimension);
  });
  return {
    profileId,
    identity: treeImageIdentity(identity),
    nodes: await jsonArray(cells.nodes, pause),
    facts: await jsonArray(cells.facts, pause),
    embeddings: block.buffer,
    ...(cells.slotIndex ? { slots: JSON.stringify(cells.slotIndex) } : {}),
    ...(cells.termCounts ? { labels: asciiJson(JSON.stringify(cells.termCounts)) } : {}),
  };
}

/** The image of `tree`, with the position keys `order` gives it (what its pages hold). */
export async function treeImageOf(
  profileId: string,
  identity: TreeIdentity,
  tree: MemoryTree,
  order: TreeOrder,
  pause?: () => Promise<void>,
): Promise<TreeImageRow> {
  const nodes = [...tree.nodes.values()];
  const bodies = nodes.map((n): NodeCellBody => ({
    id: n.id,
    seq: order.node.get(n.id) ?? 0,
    levelSeq: order.level.get(n.id) ?? 0,
    level: n.level,
    text: n.text,
    parent: n.parent,
    children: n.children,
    ...(n.factId === undefined ? {} : { factId: n.factId }),
  }));
  const facts = [...tree.facts.values()].map((f) => factToCell(f, order));
  const slotIndex = await slotIndexImage(tree.facts, pause);
  const termCounts = await termCountsImage(tree.facts, pause);
  return treeImageOfCells(
    profileId,
    identity,
    { nodes: bodies, facts, slotIndex, termCounts },
    (i) => (nodes[i] as (typeof nodes)[number]).embedding,
    dimensionOf(tree),
    pause,
  );
}

/** A node cell without its embedding (the image keeps embeddings in one block). */
export function withoutEmbedding({ embedding: _, ...body }: TreeNodeCell): NodeCellBody {
  return body;
}

/**
 * The tree an image holds, with its orders; undefined when the image cannot be read as one
 * (the caller reads the pages instead: the image is only a copy of them).
 */
export function treeFromImage(
  meta: TreeMetaRow,
  image: TreeImageRow,
): { tree: MemoryTree; order: TreeOrder } | undefined {
  try {
    const nodes = JSON.parse(image.nodes) as NodeCellBody[];
    const facts = JSON.parse(image.facts) as TreeFactCell[];
    const dimension = meta.dimension;
    if (!Array.isArray(nodes) || !Array.isArray(facts)) return undefined;
    if (image.embeddings.byteLength !== nodes.length * dimension * 4) return undefined;
    for (let i = 1; i < nodes.length; i++) {
      if (!((nodes[i] as NodeCellBody).seq > (nodes[i - 1] as NodeCellBody).seq)) return undefined;
    }
    const block = new Float32Array(image.embeddings);
    const tree = assembleTree(meta, nodes, facts, (_, i) =>
      block.subarray(i * dimension, (i + 1) * dimension),
    );
    if (image.slots !== undefined) keepSlotIndex(tree, image.slots);
    if (image.labels !== undefined) keepTermCounts(tree, image.labels);
    return { tree, order: new LazyTreeOrder({ nodes, facts }) };
  } catch {
    return undefined;
  }
}

/** Seeds the label keywords' counts of the tree's facts; counts that cannot be read are counted again. */
function keepTermCounts(tree: MemoryTree, json: string): void {
  try {
    const image = JSON.parse(json) as Partial<TermCountsImage> | null;
    if (typeof image?.rules === 'string' && Array.isArray(image.df) && Array.isArray(image.total)) {
      seedTermCounts(tree.facts, image as TermCountsImage);
    }
  } catch {
    // The facts' terms are counted in the idle warm-up or by the first insert, as without them.
  }
}

/** Seeds the tree's slot index from its image; a slot index that cannot be read is filled again. */
function keepSlotIndex(tree: MemoryTree, json: string): void {
  try {
    const image = JSON.parse(json) as Partial<SlotIndexImage> | null;
    if (typeof image?.rules === 'string' && typeof image.slots === 'object' && image.slots) {
      seedSlotIndex(tree.facts, image as SlotIndexImage);
    }
  } catch {
    // The facts are read for their slots in the idle warm-up, as without a kept index.
  }
}
