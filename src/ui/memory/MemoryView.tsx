/**
 * The memory screen: the forest (live tree view of the latest retrieval) and the inspector,
 * linked both ways ("Open in inspector", "Show in tree").
 */
import { useGrove } from '../app-context.tsx';
import { ExportImport } from './ExportImport.tsx';
import { LinkedTreeView } from './LinkedTreeView.tsx';
import { MemoryInspector } from './MemoryInspector.tsx';
import { TaskMemoryList } from './TaskMemoryList.tsx';
import { useWholeTree } from './use-whole-tree.ts';
import './memory.css';

export function MemoryView() {
  const tree = useWholeTree();
  const loading = useGrove((s) => s.tree?.partial !== undefined);
  const traversal = useGrove((s) => s.lastTraversal);
  const error = useGrove((s) => s.memoryError);
  return (
    <div className="memory-view">
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <section className="panel tree-panel" aria-labelledby="tree-heading">
        <h2 id="tree-heading">Memory tree</h2>
        {loading ? (
          <p className="muted" role="status" data-testid="tree-loading">
            Reading the lower levels of the memory tree…
          </p>
        ) : (
          <LinkedTreeView tree={tree} traversal={traversal} />
        )}
      </section>
      <div className="memory-side">
        <MemoryInspector />
        <TaskMemoryList />
        <ExportImport />
      </div>
    </div>
  );
}
