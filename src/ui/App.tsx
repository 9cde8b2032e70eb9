import './app.css';
import { RuntimeStatus, WebGpuStatus } from './RuntimeStatus.tsx';

/** Grove's shell. The chat, the live tree view and the explorer arrive with the app issue. */
export function App() {
  const isolated = globalThis.crossOriginIsolated === true;
  return (
    <main className="shell">
      <header>
        <h1>Grove</h1>
        <p className="tagline">A private long-term memory for on-device chat — a forest you can watch.</p>
      </header>
      <section aria-label="status" className="status">
        <p>
          Everything runs in this browser tab: no server, no account, nothing leaves your machine.
        </p>
        <ul>
          <li data-testid="isolation">
            Cross-origin isolation: <strong>{isolated ? 'on' : 'off'}</strong>
            {isolated ? ' (multi-threaded WASM available)' : ' (single-threaded WASM only)'}
          </li>
          <li data-testid="webgpu">
            WebGPU: <WebGpuStatus />
          </li>
        </ul>
        <RuntimeStatus />
      </section>
    </main>
  );
}
