/** The active mode in the header: test mode, WebGPU, WASM, server, or no LLM. */
import type { RuntimeSnapshot } from '../../models/runtime-controller.ts';
import { useGrove } from '../app-context.tsx';

const MODE_TEXT = {
  webgpu: 'WebGPU',
  wasm: 'WASM fallback',
  remote: 'Server (leaves this device)',
  none: 'No LLM',
} as const;

export function modeBadgeText(runtime: RuntimeSnapshot | null, testMode: boolean): string {
  if (testMode) return 'Test mode · scripted LLM';
  if (!runtime || runtime.status === 'probing') return 'Checking this browser…';
  const mode = MODE_TEXT[runtime.selection.mode];
  if (runtime.selection.mode === 'none') return 'No LLM · memory only';
  switch (runtime.llm.status) {
    case 'ready':
      return `${mode} · model loaded`;
    case 'loading':
      return `${mode} · loading ${Math.floor(runtime.llm.progress)}%`;
    default:
      return `${mode} · no model loaded`;
  }
}

export function ModeBadge() {
  const runtime = useGrove((s) => s.runtime);
  const testMode = useGrove((s) => s.testMode !== null);
  const mode = testMode ? 'test' : runtime?.status === 'ready' ? runtime.selection.mode : 'probing';
  return (
    <a href="#settings" className={`mode-badge mode-${mode}`} data-testid="mode-badge">
      <span className="visually-hidden">Mode: </span>
      {modeBadgeText(runtime, testMode)}
    </a>
  );
}
