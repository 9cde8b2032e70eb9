import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/App.tsx';
import './app/memory-test-mode.tsx'; // only acts on /?test=memory (labelled test mode)
import { registerRuntime } from './app/runtime.ts';
import './models/embedder/embed-test-api.ts';

registerRuntime();
const root = document.getElementById('root');
if (!root) throw new Error('Grove: #root element missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
