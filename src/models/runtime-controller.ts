/**
 * The app's view of its LLM runtime: probe once, then derive the selection from the probe and the
 * persisted choice. Framework-free (subscribe / getSnapshot for React's useSyncExternalStore) and
 * exposed to e2e as window.grove.runtime.
 */
import type { LlmPort } from '../engine/ports.ts';
import type { ProgressCallback } from '../engine/progress.ts';
import type { DeviceChoice, LoadOptions } from './embedder/embed-protocol.ts';
import { embedderLoadOptions } from './embedder/load-options.ts';
import type { LlmChoice, ModelChoice, ModelChoiceStore } from './model-choice.ts';
import type { CapabilityProbe } from './probe.ts';
import { selectRuntime, type RuntimeSelection } from './select-runtime.ts';

/** The model behind the selection: nothing is downloaded until the user asks for it. */
export type LlmLoadState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading'; readonly progress: number }
  | { readonly status: 'ready'; readonly id: string }
  | {
      readonly status: 'failed';
      readonly error: { readonly name: string; readonly message: string };
    };

export type RuntimeSnapshot =
  | { readonly status: 'probing'; readonly choice: ModelChoice; readonly llm: LlmLoadState }
  | {
      readonly status: 'ready';
      readonly choice: ModelChoice;
      readonly probe: CapabilityProbe;
      readonly selection: RuntimeSelection;
      readonly llm: LlmLoadState;
    };

/** A loaded model: its port, and (for a model in a worker) how to end or stop that worker. */
export interface RuntimeLlm {
  readonly port: LlmPort;
  /** Unloads the model and ends its worker. */
  readonly dispose?: () => Promise<void>;
  /** Stops the model's worker as a crash would (test API). */
  readonly kill?: (detail: string) => void;
}

export type CreateLlm = (
  selection: RuntimeSelection,
  choice: ModelChoice,
  onProgress: ProgressCallback,
) => Promise<RuntimeLlm | undefined>;

export interface RuntimeTestApi {
  snapshot(): RuntimeSnapshot;
  whenReady(): Promise<RuntimeSnapshot>;
  choose(llm: LlmChoice): RuntimeSnapshot;
  setModelBaseUrl(url: string | null): RuntimeSnapshot;
  load(): Promise<RuntimeSnapshot>;
  embedderOptions(device?: DeviceChoice): LoadOptions;
  /** Stops the model's worker as a crash would; false when no model runs in a worker. */
  killLlmWorker(): boolean;
}

export class RuntimeController {
  private snapshot: RuntimeSnapshot;
  private readonly listeners = new Set<() => void>();
  private started: Promise<RuntimeSnapshot> | undefined;
  private loaded: RuntimeLlm | undefined;

  constructor(
    private readonly probe: () => Promise<CapabilityProbe>,
    private readonly choices: ModelChoiceStore,
    private readonly createLlm?: CreateLlm,
  ) {
    this.snapshot = { status: 'probing', choice: choices.load(), llm: { status: 'idle' } };
  }

  /** The loaded LLM, if any. */
  get llm(): LlmPort | undefined {
    return this.loaded?.port;
  }

  readonly getSnapshot = (): RuntimeSnapshot => this.snapshot;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Probes once (later calls share the result). */
  start(): Promise<RuntimeSnapshot> {
    this.started ??= this.probe().then((probe) => {
      const choice = this.choices.load();
      this.set({
        status: 'ready',
        choice,
        probe,
        selection: selectRuntime(probe, choice.llm),
        llm: this.snapshot.llm,
      });
      return this.snapshot;
    });
    return this.started;
  }

  /**
   * Persists a new LLM choice and recomputes the selection (a loaded model is unloaded and its
   * worker ended).
   */
  choose(llm: LlmChoice): RuntimeSnapshot {
    return this.applyChoice(this.choices.update({ llm }));
  }

  /**
   * Self-hosted model base URL (air-gapped demos) for web-llm and transformers.js: an http(s) URL
   * or a path on this site; null or blank = the defaults. Invalid values throw ModelBaseUrlError
   * and change nothing.
   */
  setModelBaseUrl(modelBaseUrl: string | null): RuntimeSnapshot {
    return this.applyChoice(this.choices.update({ modelBaseUrl }));
  }

  /** The embed worker's load options for the persisted embedder and model base URL. */
  embedderOptions(device: DeviceChoice = 'auto'): LoadOptions {
    return embedderLoadOptions(this.snapshot.choice, device);
  }

  /** Loads the selected model (downloading it if needed); failures land in `llm.error`. */
  async load(): Promise<RuntimeSnapshot> {
    await this.start();
    const ready = this.snapshot;
    if (ready.status !== 'ready' || !this.createLlm) return ready;
    // One model at a time: the one loaded before is unloaded and its worker ended first.
    this.release();
    this.setLlm({ status: 'loading', progress: 0 });
    try {
      const loaded = await this.createLlm(ready.selection, ready.choice, (p) => {
        if (p.status === 'progress') this.setLlm({ status: 'loading', progress: p.progress });
      });
      this.loaded = loaded;
      this.setLlm(loaded ? { status: 'ready', id: loaded.port.id } : { status: 'idle' });
    } catch (error) {
      const { name, message } = error instanceof Error ? error : new Error(String(error));
      this.setLlm({ status: 'failed', error: { name, message } });
    }
    return this.snapshot;
  }

  readonly testApi: RuntimeTestApi = {
    snapshot: () => this.getSnapshot(),
    whenReady: () => this.start(),
    choose: (llm) => this.choose(llm),
    setModelBaseUrl: (url) => this.setModelBaseUrl(url),
    load: () => this.load(),
    embedderOptions: (device) => this.embedderOptions(device),
    killLlmWorker: () => {
      const kill = this.loaded?.kill;
      kill?.('killed by the test API');
      return kill !== undefined;
    },
  };

  /** Drops the loaded model: unloaded, its worker ended (not awaited: nothing waits on it). */
  private release(): void {
    const old = this.loaded;
    this.loaded = undefined;
    void old?.dispose?.().catch(() => undefined);
  }

  private applyChoice(choice: ModelChoice): RuntimeSnapshot {
    const current = this.snapshot;
    this.release();
    const llm: LlmLoadState = { status: 'idle' };
    this.set(
      current.status === 'ready'
        ? { ...current, choice, selection: selectRuntime(current.probe, choice.llm), llm }
        : { status: 'probing', choice, llm },
    );
    return this.snapshot;
  }

  private setLlm(llm: LlmLoadState): void {
    this.set({ ...this.snapshot, llm });
  }

  private set(next: RuntimeSnapshot): void {
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }
}
