/** The app frame: test-mode banner, skip link, header (title, navigation, mode, profile), view. */
import { useEffect, type ReactNode } from 'react';
import { VIEW_LABELS, viewFromHash } from '../../state/ui-slice.ts';
import { TestModeBanner } from '../TestModeBanner.tsx';
import { useGrove, useServices } from '../app-context.tsx';
import { ModeBadge } from './ModeBadge.tsx';
import { NavTabs } from './NavTabs.tsx';
import { ProfileSwitcher } from './ProfileSwitcher.tsx';
import './layout.css';

/** Keeps the open view and the URL hash (#chat, #memory, ...) in step, both ways. */
function useHashRouting() {
  const { store } = useServices();
  const view = useGrove((s) => s.view);
  useEffect(() => {
    const onHash = () => {
      const next = viewFromHash(window.location.hash);
      if (next) store.getState().setView(next);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [store]);
  useEffect(() => {
    if (viewFromHash(window.location.hash) !== view) {
      history.replaceState(
        null,
        '',
        `${window.location.pathname}${window.location.search}#${view}`,
      );
    }
    document.title = `${VIEW_LABELS[view]} · Grove`;
  }, [view]);
}

export function AppLayout({ children }: { children: ReactNode }) {
  useHashRouting();
  const testMode = useGrove((s) => s.testMode);
  const memoryTestMode = useGrove((s) => s.memoryTestMode);
  return (
    <div className="app">
      {memoryTestMode && <TestModeBanner label={memoryTestMode.label} />}
      {testMode && <TestModeBanner label={testMode.label} />}
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <h1 className="brand">Grove</h1>
        <NavTabs />
        <div className="header-end">
          <ModeBadge />
          <ProfileSwitcher />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="app-main">
        {children}
      </main>
    </div>
  );
}
