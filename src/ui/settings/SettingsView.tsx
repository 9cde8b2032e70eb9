/** Settings and status: model and mode, this browser, memory worker, storage, profiles, sessions. */
import { RuntimeStatus, WebGpuStatus } from '../RuntimeStatus.tsx';
import { useGrove } from '../app-context.tsx';
import { ChatSettings } from './ChatSettings.tsx';
import { MemoryEffortSettings } from './MemoryEffortSettings.tsx';
import { ModelCalls } from './ModelCalls.tsx';
import { ModelCacheList } from './ModelCacheList.tsx';
import { ProfileSettings } from './ProfileSettings.tsx';
import { StorageUsage } from './StorageUsage.tsx';
import './settings.css';

function BrowserStatus() {
  const isolated = globalThis.crossOriginIsolated === true;
  const worker = useGrove((s) => s.workerStatus);
  return (
    <section className="panel" aria-labelledby="browser-heading">
      <h2 id="browser-heading">This browser</h2>
      <p className="small">
        Everything runs in this tab: no server, no account, nothing leaves your machine.
      </p>
      <ul className="plain-list">
        <li data-testid="isolation">
          Cross-origin isolation: <strong>{isolated ? 'on' : 'off'}</strong>
          {isolated ? ' (multi-threaded WASM available)' : ' (single-threaded WASM only)'}
        </li>
        <li data-testid="webgpu">
          WebGPU: <WebGpuStatus />
        </li>
        <li data-testid="embedder">
          Memory embedder: <strong>{worker?.embedder ?? 'starting…'}</strong>
        </li>
        <li>
          Memory LLM (facts, summaries, judge):{' '}
          <strong>
            {worker
              ? (worker.llm ?? 'none — extractive facts, hybrid judge (embedding + keywords)')
              : '…'}
          </strong>
        </li>
        {worker?.notes.map((note) => (
          <li key={note} className="warning-text">
            {note}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function SettingsView() {
  const testMode = useGrove((s) => s.testMode !== null);
  return (
    <div className="settings-view">
      <h2 className="visually-hidden">Settings</h2>
      <div className="settings-col">
        <section className="panel" aria-label="Language model">
          {testMode && (
            <p className="notice" data-testid="test-mode-chat-note">
              Test mode: chat and memory use the scripted LLM, whatever is chosen here.
            </p>
          )}
          <RuntimeStatus />
          <ModelCacheList />
        </section>
        <ChatSettings />
        <MemoryEffortSettings />
        <ModelCalls />
      </div>
      <div className="settings-col">
        <BrowserStatus />
        <StorageUsage />
        <ProfileSettings />
        <section className="panel" aria-labelledby="inspector-link-heading">
          <h2 id="inspector-link-heading">Memory inspector</h2>
          <p className="small">
            Search, edit, delete, pause, export and import memories in <a href="#memory">Memory</a>.
          </p>
        </section>
      </div>
    </div>
  );
}
