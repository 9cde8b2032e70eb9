/**
 * The memory screen: the forest (live tree view of the latest retrieval) and the inspector,
 * linked both ways ("Open in inspector", "Show in tree").
 */
import { useGrove } from '../app-context.tsx';
import { ExportImport } from './ExportImport.tsx';
import { LinkedTreeView } from './LinkedTreeView.tsx';
import { MemoryInspector } from './MemoryInspector.tsx';
import { TaskMemoryList } from './TaskMemoryList.tsx';
import './memory.css';

export function MemoryView() {
  const tree = useGrove((s) => s.tree);
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
        <LinkedTreeView tree={tree} traversal={traversal} />
      </section>
      <div className="memory-side">
        <MemoryInspector />
        <TaskMemoryList />
        <ExportImport />
      </div>
    </div>
  );
}
