import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseImplexConv } from '../../src/engine/datasets/implexconv.ts';
import { HashEmbedder } from '../../src/engine/testing/index.ts';
import { costSection } from '../results-doc-cost.ts';
import { benchTurnCost } from './turn-cost.ts';

const FILE = 'public/examples/grove-implexconv-example.json';

describe('bench turn-cost', () => {
  it('counts every call of a chat turn by purpose and effort, and times it per device', async () => {
    const dataset = parseImplexConv(await readFile(FILE, 'utf8'), FILE);
    const result = await benchTurnCost({
      dataset,
      embedder: new HashEmbedder({ dimension: 64 }),
      facts: 1,
      questions: 6,
      forestTrees: 3,
      rebuildSizes: [60],
    });
    expect(result.questions).toBe(6);
    expect(result.forest_trees).toBe(3);
    const { quick, balanced, thorough } = result.efforts;
    // Quick judges without the model; balanced asks once per turn; thorough per node, capped.
    expect(quick.calls_per_turn['judge-children']).toBeUndefined();
    expect(quick.calls_per_turn['judge-node']).toBeUndefined();
    expect(balanced.calls_per_turn['judge-children']?.calls).toBe(1);
    expect(thorough.calls_per_turn['judge-node']?.calls).toBeGreaterThan(1);
    expect(thorough.calls_per_turn['judge-node']?.calls).toBeLessThanOrEqual(48);
    for (const effort of [quick, balanced, thorough]) {
      expect(effort.calls_per_turn.answer?.calls).toBe(1);
      expect(effort.calls_per_turn['summarise-round']?.calls).toBe(1);
      expect(effort.retention).toBeGreaterThanOrEqual(effort.retention_in_context);
      expect(effort.retention).toBeLessThanOrEqual(1);
      const { fast, typical, wasm } = effort.ttft_ms;
      expect(fast.p50).toBeLessThanOrEqual(fast.p95);
      expect(fast.p95).toBeLessThan(typical.p95);
      expect(typical.p95).toBeLessThan(wasm.p95);
      expect(effort.end_ms.fast.p50).toBeGreaterThan(fast.p50);
    }
    // Balanced adds one call to quick's turn: its first token comes later.
    expect(balanced.ttft_ms.typical.p50).toBeGreaterThan(quick.ttft_ms.typical.p50);
    expect(result.comparison.listwise.calls_per_turn['judge-children']?.calls).toBeGreaterThan(0);
    expect(result.background.extraction.fast.calls).toBe(1);
    expect(result.background.rebuild['60']).toMatchObject({ facts: 60 });

    // The results doc's section shows every search side by side, with its retention and budget.
    const lines = costSection(result, 'grove bench turn-cost');
    const rows = lines.filter((l) => /^\| (quick|balanced|thorough|listwise)/.test(l));
    expect(rows).toHaveLength(4);
    expect(rows[1]).toContain(`${(100 * balanced.retention).toFixed(1)}%`);
    expect(lines.join('\n')).toMatch(/\*\*Budget .*: (met|not met)\.\*\*/);
    expect(lines.join('\n')).toContain('A full rebuild: 60 facts');
  }, 60_000);
});
