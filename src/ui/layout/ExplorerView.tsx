/** The explorer screen (benchmark examples, TaciTree versus the baselines). */
import { Explorer } from '../explorer/Explorer.tsx';

export function ExplorerView() {
  return (
    <div className="explorer-view">
      <Explorer />
    </div>
  );
}
