import { describe, expect, it } from 'vitest';
import { growthExponent } from './bench/tree-growth.ts';
import type { GrowthRun, TreeGrowthResult } from './bench/tree-growth.ts';
import { growthSection } from './results-doc-growth.ts';

const run = (ms: number, ari: number): GrowthRun => ({
  ms_total: ms,
  cpu_ms_total: ms / 2,
  ms_knn: ms / 4,
  ms_umap_layout: ms / 4,
  ms_gmm: ms / 2,
  ms_other: 0,
  nodes: [],
  large_levels: 0,
  ari_topics: ari,
  topic_recall: 0.9,
});

describe('growthExponent', () => {
  it('is the log-log slope', () => {
    expect(
      growthExponent([
        [1000, 1],
        [2000, 4],
        [4000, 16],
      ]),
    ).toBeCloseTo(2, 10);
    expect(
      growthExponent([
        [1000, 3],
        [3000, 9],
      ]),
    ).toBeCloseTo(1, 10);
  });
});

describe('the rebuild-growth section of the results doc', () => {
  it('renders the committed benchmark: times, exponents, quality, reference', () => {
    const result: TreeGrowthResult = {
      dim: 100,
      seed: 42,
      large_level: 5000,
      beam: 6,
      machine: { cpus: 2, node: 'v20' },
      rows: [
        { n: 2000, exact: run(1200, 0.4), reference: { ...stats(2000), ms_total: 9000 } },
        {
          n: 10000,
          exact: run(9600, 0.35),
          policy: run(6000, 0.34),
          ari_exact_vs_policy: 0.5,
          ari_exact_vs_reseeded: 0.48,
          reference: { ...stats(10000), ms_total: 60000, ari_topics: 0.3 },
        },
      ],
      exponent: { exact: 1.3, policy: 1.1 },
    };
    const lines = growthSection(result, 'npm run grove -- bench tree-growth --json');
    expect(lines).toContain('## Rebuild growth');
    expect(lines).toContain('| 2,000 | 1.2 | 0.6 | 0.3 | 0.3 | 0.6 | = exact | | | | |');
    expect(lines).toContain(
      '| 10,000 | 9.6 | 4.8 | 2.4 | 2.4 | 4.8 | 6.0 | 3.0 | 1.5 | 1.5 | 3.0 |',
    );
    expect(lines.join('\n')).toContain(
      'exact path 1.30 (CPU time: 1.29), default policy 1.10 (CPU time: 1.00)',
    );
    expect(lines).toContain('| 10,000 | 0.35 | 0.34 | 0.50 | 0.48 | 0.90 | 0.90 |');
    expect(lines).toContain('| 10,000 | 6.0 | 60.0 | 0.34 | 0.30 |');
  });
});

function stats(n: number) {
  return { n, dim: 100, levels: 4, nodes: [], ms_umap: 0, ms_gmm: 0, ms_total: 0 };
}
