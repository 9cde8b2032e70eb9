/**
 * The LLM stand-in of `grove bench turn-cost`: it answers like a model that judges relevance
 * perfectly and writes scripted text elsewhere. Judge prompts (judge-node, judge-children) are
 * read back like a model reads them: each memory text is looked up among the tree's nodes, and
 * it is relevant when a node with that text holds a fact from one of the question's gold
 * sessions (the oracle judge's rule, src/engine/eval/counted-oracle.ts). Every other purpose is the scripted
 * LLM's. Tokens are counted as the scripted LLM counts them (the approximate tokenizer).
 */
import { LLM_PURPOSES, PROMPT_SECTIONS } from '../../src/engine/llm-purposes.ts';
import { readSection } from '../../src/engine/prompt-sections.ts';
import { ScriptedLlm, type ScriptedLlmOptions } from '../../src/engine/testing/index.ts';
import { FRONTIER_TEXT_TOKENS } from '../../src/engine/tree/frontier-judge.ts';
import { frontierLine } from '../../src/engine/tree/frontier-line.ts';
import { factsUnder } from '../../src/engine/tree/subtree.ts';
import type { MemoryTree, NodeId, SessionId } from '../../src/engine/types.ts';

export interface OracleJudgeLlm extends ScriptedLlm {
  /** The gold sessions of the question being asked now. */
  setGold(sessions: Iterable<SessionId>): void;
}

export function oracleJudgeLlm(tree: MemoryTree, options: ScriptedLlmOptions = {}): OracleJudgeLlm {
  const byText = new Map<string, NodeId[]>();
  for (const node of tree.nodes.values()) {
    const same = byText.get(node.text) ?? [];
    if (same.length === 0) byText.set(node.text, same);
    same.push(node.id);
  }
  // The sessions under a node, worked out once per node (a walk asks about the same nodes again).
  const sessionsUnder = new Map<NodeId, ReadonlySet<SessionId>>();
  const sessionsOf = (id: NodeId) => {
    let sessions = sessionsUnder.get(id);
    if (!sessions) {
      sessions = new Set(factsUnder(tree, id).flatMap((f) => f.sources.map((s) => s.sessionId)));
      sessionsUnder.set(id, sessions);
    }
    return sessions;
  };
  // The frontier call shows a leaf cluster by its content words (frontier-line.ts).
  const byLine = new Map<string, NodeId[]>();
  for (const node of tree.nodes.values()) {
    if (node.level !== 1) continue;
    const line = frontierLine(node.text, FRONTIER_TEXT_TOKENS);
    byLine.set(line, [...(byLine.get(line) ?? []), node.id]);
  }
  // A clipped text ("start of the summary…", frontier-judge.ts) stands for every node it starts.
  const nodesOf = (text: string): NodeId[] => {
    const whole = text.trim();
    if (!whole.endsWith('…')) return byText.get(whole) ?? byLine.get(whole) ?? [];
    const start = whole.slice(0, -1);
    return [...byText].flatMap(([t, ids]) => (t.startsWith(start) ? ids : []));
  };
  let gold = new Set<SessionId>();
  const relevant = (text: string): boolean =>
    nodesOf(text).some((id) => [...sessionsOf(id)].some((s) => gold.has(s)));
  const llm = new ScriptedLlm({
    ...options,
    rules: {
      ...options.rules,
      [LLM_PURPOSES.judgeNode]: (prompt) => {
        const keep = relevant(readSection(prompt, PROMPT_SECTIONS.memory) ?? '');
        return JSON.stringify({ relevant: keep, reason: keep ? 'bears on it' : 'unrelated' });
      },
      [LLM_PURPOSES.judgeChildren]: (prompt) => {
        const lines = (readSection(prompt, PROMPT_SECTIONS.candidates) ?? '').split('\n');
        const keep = lines.flatMap((line) => {
          const m = /^\[([^\]]+)\] (.*)$/.exec(line.trim());
          return m?.[1] !== undefined && relevant(m[2] ?? '') ? [m[1]] : [];
        });
        // A model answers in the shape the prompt asks for: the frontier call a bare array of at
        // most as many numbers as asked (the first relevant ones in the order shown), the listwise
        // walk numbers and a reason.
        const atMost = /at most (\d+)/.exec(prompt)?.[1];
        const numbers = keep
          .map(Number)
          .slice(0, atMost === undefined ? undefined : Number(atMost));
        return JSON.stringify(
          prompt.includes('JSON array') ? numbers : { keep: numbers, reason: 'these bear on it' },
        );
      },
    },
  }) as OracleJudgeLlm;
  llm.setGold = (sessions) => {
    gold = new Set(sessions);
  };
  return llm;
}
