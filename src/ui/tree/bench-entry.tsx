/**
 * `/?view=tree-bench`: the tree view's benchmark page (e2e/bench-tree-fps.bench.ts), on its own
 * element below the app shell. Benchmark tooling only.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { TreeBench } from './TreeBench.tsx';

const host = document.createElement('main');
host.style.cssText = 'max-width: 1400px; margin: 0 auto; padding: 0 1rem 2rem;';
document.body.append(host);
createRoot(host).render(
  <StrictMode>
    <TreeBench />
  </StrictMode>,
);
