import { describe, expect, it } from 'vitest';
import { labelsSection } from './results-doc-labels.ts';

describe('the node-label section of the results doc', () => {
  it('gives each dataset its coverage against the target, and its example labels', () => {
    const lines = labelsSection([
      {
        dataset: 'LoCoMo dev',
        report: { nodes: 1109, coverage: 0.8157, examples: ['art · paint — "I paint."'] },
      },
      { dataset: 'built-in example', report: { nodes: 23, coverage: 0.7544, examples: [] } },
    ]);
    expect(lines).toContain('| LoCoMo dev | 1109 | 0.816 | met |');
    expect(lines).toContain('| built-in example | 23 | 0.754 | missed |');
    expect(lines).toContain('- art · paint — "I paint."');
    expect(lines.filter((l) => l.startsWith('Example labels'))).toHaveLength(1);
  });
});
