/**
 * Checks an export hangs together beyond its shape: unique ids, a well-formed tree (every
 * reference resolves, levels match, one node per fact), embeddings of the stated dimension with
 * finite values, provenance (of facts and task memories) pointing at sessions and turns in the
 * file, and a conversation history whose parts belong together (validate-chats.ts).
 */
import { base64ToVector, isFiniteVector } from '../vector-codec.ts';
import type { ProfileExport } from './format.ts';
import { fail, unique } from './integrity-checks.ts';
import { validateChats } from './validate-chats.ts';
import { validateTaskMemories } from './validate-task-memories.ts';

export function validateExport(data: ProfileExport): void {
  const conversations = unique(
    data.conversations.map((c) => c.id),
    'conversation',
  );
  const turnsBySession = new Map<string, Set<string>>();
  const sessionIds = unique(
    [...data.sessions.map((s) => s.id), ...data.pending.map((p) => p.sessionId)],
    'session',
  );
  for (const s of [...data.sessions, ...data.pending]) {
    const sid = 'id' in s ? s.id : s.sessionId;
    if (!conversations.has(s.conversationId)) {
      fail(
        `session "${sid}" belongs to a conversation "${s.conversationId}" that is not in the file`,
      );
    }
    turnsBySession.set(
      sid,
      unique(
        s.turns.map((t) => t.id),
        `turn in session "${sid}"`,
      ),
    );
  }
  validateChats(
    data,
    new Map(
      [...data.sessions, ...data.pending].map((s) => [
        'id' in s ? s.id : s.sessionId,
        s.conversationId,
      ]),
    ),
  );
  const ingested = new Set(data.sessions.map((s) => s.id));
  validateTaskMemories(
    data.taskMemories,
    new Map([...turnsBySession].filter(([sid]) => ingested.has(sid))),
  );
  const tree = data.tree;
  if (!tree) return;

  const facts = new Map(data.tree?.facts.map((f) => [f.id, f]));
  unique(
    tree.facts.map((f) => f.id),
    'fact',
  );
  for (const fact of tree.facts) {
    if (fact.supersededBy !== undefined && !facts.has(fact.supersededBy)) {
      fail(
        `fact "${fact.id}" is replaced by a fact "${fact.supersededBy}" that is not in the file`,
      );
    }
    for (const source of fact.sources) {
      const turns = turnsBySession.get(source.sessionId);
      if (!turns || !sessionIds.has(source.sessionId)) {
        fail(`fact "${fact.id}" cites a session "${source.sessionId}" that is not in the file`);
      }
      for (const t of source.turnIds) {
        if (!turns.has(t)) fail(`fact "${fact.id}" cites a turn "${t}" missing from its session`);
      }
    }
  }

  const nodes = new Map(tree.nodes.map((n) => [n.id, n]));
  unique(
    tree.nodes.map((n) => n.id),
    'tree node',
  );
  const listed = unique(tree.levels.flat(), 'tree node in levels');
  if (listed.size !== nodes.size) fail('the tree levels do not list exactly its nodes');
  const top = tree.levels.length - 1;
  tree.levels.forEach((level, index) => {
    if (level.length === 0) fail(`tree level ${index} is empty`);
    for (const id of level) {
      const node = nodes.get(id);
      if (!node) fail(`tree level ${index} lists a node "${id}" that does not exist`);
      if (node.level !== index)
        fail(`tree node "${id}" is listed at level ${index} but says ${node.level}`);
    }
  });
  const factNodes = new Set<string>();
  for (const node of tree.nodes) {
    let vector: Float32Array;
    try {
      vector = base64ToVector(node.embedding);
    } catch {
      fail(`tree node "${node.id}" has an unreadable embedding`);
    }
    if (vector.length !== tree.dimension) {
      fail(`tree node "${node.id}" has ${vector.length} dimensions, expected ${tree.dimension}`);
    }
    if (!isFiniteVector(vector)) fail(`tree node "${node.id}" has a non-finite embedding value`);
    if (node.level === 0) {
      if (node.factId === undefined || !facts.has(node.factId)) {
        fail(`fact node "${node.id}" does not point at a fact in the file`);
      }
      if (factNodes.has(node.factId)) fail(`fact "${node.factId}" has two tree nodes`);
      factNodes.add(node.factId);
      if (node.id !== `f:${node.factId}`) fail(`fact node "${node.id}" is misnamed`);
      if (node.children.length > 0) fail(`fact node "${node.id}" has children`);
    } else {
      if (node.factId !== undefined) fail(`summary node "${node.id}" points at a fact`);
      if (node.children.length === 0) fail(`summary node "${node.id}" has no children`);
    }
    if ((node.parent === null) !== (node.level === top)) {
      fail(
        `tree node "${node.id}" ${node.parent === null ? 'has no parent' : 'is a root with a parent'}`,
      );
    }
    if (node.parent !== null) {
      const parent = nodes.get(node.parent);
      if (!parent) fail(`tree node "${node.id}" has a parent "${node.parent}" that does not exist`);
      if (parent.level !== node.level + 1 || !parent.children.includes(node.id)) {
        fail(`tree node "${node.id}" and its parent "${parent.id}" disagree`);
      }
    }
    for (const child of node.children) {
      if (nodes.get(child)?.parent !== node.id)
        fail(`tree node "${node.id}" lists a child "${child}" that is not its own`);
    }
  }
  if (factNodes.size !== facts.size) fail('some facts have no node in the tree');
}
