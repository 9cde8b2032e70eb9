// First: the Content-Security-Policy with the user's opted-in origins, before any other module runs.
import './app/security/csp-boot.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/App.tsx';
import { ServicesProvider } from './ui/app-context.tsx';
import { registerRuntime } from './app/runtime.ts';
import { startServices } from './app/services.ts';
import { registerServiceWorker } from './app/service-worker.ts';
import { registerTestApi } from './app/test-api.ts';
import { embedTestApi } from './models/embedder/embed-test-api.ts';

if (__GROVE_TEST_BUILD__) registerTestApi('embed', embedTestApi);
registerRuntime();
const services = startServices();
const root = document.getElementById('root');
if (!root) throw new Error('Grove: #root element missing from index.html');
createRoot(root).render(
  <StrictMode>
    <ServicesProvider services={services}>
      <App />
    </ServicesProvider>
  </StrictMode>,
);
registerServiceWorker();
// The tree view's benchmark page, in the e2e test build only (npm run bench:tree-fps).
if (__GROVE_TEST_BUILD__ && new URLSearchParams(location.search).get('view') === 'tree-bench')
  void import('./ui/tree/bench-entry.tsx');
