import { useState, type FormEvent } from 'react';
import { originsNeedingReload } from '../app/security/connect-policy.ts';
import { LLM_FAMILIES, WASM_TEXTGEN_MODELS } from '../models/catalogue.ts';
import type { LlmChoice } from '../models/model-choice.ts';
import type { WebGpuProbe } from '../models/probe.ts';
import type { LlmLoadState } from '../models/runtime-controller.ts';
import type { RuntimeSelection } from '../models/select-runtime.ts';
import { useServices } from './app-context.tsx';
import { useRuntime } from './use-runtime.ts';
import './runtime-status.css';

const MODE_BADGE: Record<RuntimeSelection['mode'], string> = {
  webgpu: 'On device · WebGPU',
  wasm: 'On device · WASM (slower)',
  remote: 'Server · leaves this device',
  none: 'No LLM',
};

/** The WebGPU line of the status list: what the probe found. */
export function WebGpuStatus() {
  const snapshot = useRuntime();
  if (!snapshot || snapshot.status === 'probing') return <strong>checking…</strong>;
  return <WebGpuText gpu={snapshot.probe.webgpu} />;
}

function WebGpuText({ gpu }: { gpu: WebGpuProbe }) {
  if (!gpu.available) {
    return (
      <>
        <strong>not available</strong> <span className="muted">— {gpu.detail}</span>
      </>
    );
  }
  const name =
    [gpu.adapter.vendor, gpu.adapter.architecture].filter(Boolean).join(' ') || 'unknown adapter';
  return (
    <>
      <strong>available</strong>{' '}
      <span className="muted">
        ({name}
        {gpu.software ? ', software renderer' : ''},{' '}
        {gpu.shaderF16 ? 'shader-f16' : 'no shader-f16'})
      </span>
    </>
  );
}

function choiceValue(choice: LlmChoice): string {
  switch (choice.kind) {
    case 'webllm':
      return `webllm:${choice.family}`;
    case 'wasm':
      return `wasm:${choice.model}`;
    default:
      return choice.kind;
  }
}

function parseChoice(value: string): LlmChoice {
  if (value.startsWith('webllm:'))
    return { kind: 'webllm', family: value.slice(7), precision: 'auto' };
  if (value.startsWith('wasm:')) return { kind: 'wasm', model: value.slice(5) };
  return value === 'none' ? { kind: 'none' } : { kind: 'auto' };
}

/** The active LLM mode, what it costs, and what the user can do about it. */
export function RuntimeStatus() {
  const { runtime } = useServices();
  const snapshot = useRuntime();
  if (!snapshot || snapshot.status === 'probing') {
    return (
      <div className="runtime" data-testid="runtime" data-mode="probing">
        <h2>Language model</h2>
        <p className="muted">Checking what this browser can run…</p>
      </div>
    );
  }
  const { selection, choice } = snapshot;
  const blocked = originsNeedingReload(choice, location.href);
  return (
    <div className="runtime" data-testid="runtime" data-mode={selection.mode}>
      <h2>Language model</h2>
      <p className="runtime-active">
        <span className={`badge badge-${selection.mode}`}>{MODE_BADGE[selection.mode]}</span>
        <strong data-testid="llm-label">{selection.label}</strong>
      </p>
      <p data-testid="llm-reason">{selection.reason}</p>
      <p data-testid="llm-cost" className="cost">
        {selection.cost.summary}
      </p>
      {selection.guidance.length > 0 && (
        <ul className="guidance" data-testid="llm-guidance">
          {selection.guidance.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <PolicyReloadNotice origins={blocked} />
      {selection.mode !== 'none' && (
        <LoadControl llm={snapshot.llm} mode={selection.mode} blocked={blocked.length > 0} />
      )}
      <label className="picker">
        Model{' '}
        <select
          value={choice.llm.kind === 'openai' ? 'openai' : choiceValue(choice.llm)}
          onChange={(e) => runtime.choose(parseChoice(e.target.value))}
        >
          <option value="auto">Automatic (best this device can run)</option>
          <optgroup label="WebGPU (web-llm)">
            {LLM_FAMILIES.map((f) => (
              <option key={f.id} value={`webllm:${f.id}`}>
                {f.label} · ≈{f.variants.f32.approxDownloadMB} MB
              </option>
            ))}
          </optgroup>
          <optgroup label="WASM (transformers.js, slower)">
            {WASM_TEXTGEN_MODELS.map((m) => (
              <option key={m.id} value={`wasm:${m.id}`}>
                {m.label} · ≈{m.approxDownloadMB} MB
              </option>
            ))}
          </optgroup>
          <option value="none">No LLM (extractive, no download)</option>
          {choice.llm.kind === 'openai' && <option value="openai">OpenAI-compatible server</option>}
        </select>
      </label>
      <RemoteEndpointForm />
    </div>
  );
}

/**
 * The page's Content-Security-Policy is fixed at load: a server chosen since then is reachable
 * after a reload (the chat and memory are saved, nothing is lost).
 */
function PolicyReloadNotice({ origins }: { origins: readonly string[] }) {
  if (origins.length === 0) return null;
  return (
    <div className="policy-reload" role="status" data-testid="csp-reload">
      <p>
        Grove’s security policy lets this page connect only to the servers chosen when it loaded.
        Reload to allow <strong>{origins.join(', ')}</strong>.
      </p>
      <button type="button" onClick={() => location.reload()}>
        Reload now
      </button>
    </div>
  );
}

/** Loads the selected model on request: nothing is downloaded before the user asks. */
function LoadControl({
  llm,
  mode,
  blocked,
}: {
  llm: LlmLoadState;
  mode: RuntimeSelection['mode'];
  /** The page's policy blocks the chosen server until a reload (the notice above says so). */
  blocked: boolean;
}) {
  const { runtime } = useServices();
  const verb = mode === 'remote' ? 'Connect' : 'Download and load';
  return (
    <div className="load" data-testid="llm-load" data-status={llm.status}>
      {llm.status === 'idle' && !blocked && (
        <button type="button" onClick={() => void runtime.load()}>
          {verb}
        </button>
      )}
      {llm.status === 'loading' && (
        <>
          <progress max={100} value={llm.progress} /> <span>{Math.floor(llm.progress)}%</span>
        </>
      )}
      {llm.status === 'ready' && <span>Ready: {llm.id}</span>}
      {llm.status === 'failed' && (
        <>
          <p className="warning" role="alert">
            {llm.error.message}
          </p>
          <button type="button" onClick={() => void runtime.load()}>
            Try again
          </button>
        </>
      )}
    </div>
  );
}

/** Opt-in only: a server the user names. Clearly marked as leaving the device. */
function RemoteEndpointForm() {
  const { runtime } = useServices();
  const [baseUrl, setBaseUrl] = useState('http://127.0.0.1:8080');
  const [model, setModel] = useState('');
  const [error, setError] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    try {
      runtime.choose({
        kind: 'openai',
        baseUrl: new URL(baseUrl).href,
        model: model.trim() || 'default',
      });
      setError('');
    } catch {
      setError('Enter a full URL, e.g. http://127.0.0.1:8080');
    }
  };
  return (
    <details className="remote">
      <summary>Use an OpenAI-compatible server instead (leaves this device)</summary>
      <p className="warning">
        Your messages and memories will be sent to this server. Use only a server you trust, such as
        llama.cpp, Ollama or vLLM on your own machine.
      </p>
      <form onSubmit={submit}>
        <label>
          Base URL <input value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} />
        </label>
        <label>
          Model{' '}
          <input
            value={model}
            placeholder="model name"
            onChange={(e) => setModel(e.target.value)}
          />
        </label>
        <button type="submit">Use this server</button>
        {error && <span className="warning">{error}</span>}
      </form>
    </details>
  );
}
