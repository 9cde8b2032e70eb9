import './app.css';
import type { ViewId } from '../state/ui-slice.ts';
import { useGrove } from './app-context.tsx';
import { ChatView } from './chat/ChatView.tsx';
import { ExplorerView } from './layout/ExplorerView.tsx';
import { AppLayout } from './layout/AppLayout.tsx';
import { ViewErrorBoundary } from './layout/ViewErrorBoundary.tsx';
import { MemoryView } from './memory/MemoryView.tsx';
import { SettingsView } from './settings/SettingsView.tsx';
// Last: the phone layout overrides the views' own rules (issue 26).
import './layout/phone.css';

const VIEWS: Record<ViewId, () => React.JSX.Element> = {
  chat: ChatView,
  memory: MemoryView,
  explorer: ExplorerView,
  settings: SettingsView,
};

/** Grove: chat, memory (tree + inspector), explorer and settings in one frame. */
export function App() {
  const view = useGrove((s) => s.view);
  const View = VIEWS[view];
  return (
    <AppLayout>
      <ViewErrorBoundary view={view}>
        <View />
      </ViewErrorBoundary>
    </AppLayout>
  );
}
