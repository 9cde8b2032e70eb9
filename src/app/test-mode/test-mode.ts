/**
 * The explicit switch for e2e: `/?test=scripted` plugs the engine's ScriptedLlm into the memory
 * worker (extraction, summaries, judge) and the chat, with a banner on every screen. Without it,
 * product code never uses a fake.
 *
 * Exists in the e2e test build only (src/build-flags.d.ts), and never opens the app's database:
 * the name asked for goes under `grove-test-` (worker-config.ts's testDbName).
 *
 * Query options: `db` (database name, default grove-test-scripted), `delay` (ms before each
 * ingestion's slow work, so progress can be watched), `engine=page` (one scripted engine on the
 * page, lent to the memory worker as a real model is, slowed by `callMs` per call and `tokenMs`
 * per completion token: one-engine-llm.ts), `llm=worker` (WASM models load in a test worker
 * over a fake pipeline, through the app's runtime, and the chat answers with the loaded model:
 * test-textgen-worker.ts).
 */
import { testDbName } from '../../memory-backend/worker-config.ts';

export interface ScriptedTestMode {
  readonly kind: 'scripted';
  readonly db: string;
  readonly stageDelayMs: number;
  /** Set with `engine=page`: the one slowed engine's pace. */
  readonly oneEngine?: { readonly callMs: number; readonly tokenMs: number };
  /** `llm=worker`: WASM models load in a test worker, and the chat uses the loaded model. */
  readonly modelWorker?: boolean;
}

const nonNegative = (value: string | null) => {
  const n = Number(value ?? 0);
  return Number.isFinite(n) && n > 0 ? n : 0;
};

export function parseTestMode(search: string): ScriptedTestMode | null {
  const params = new URLSearchParams(search);
  if (params.get('test') !== 'scripted') return null;
  const delay = Number(params.get('delay') ?? 0);
  return {
    kind: 'scripted',
    db: testDbName(params.get('db'), 'grove-test-scripted'),
    stageDelayMs: Number.isFinite(delay) && delay > 0 ? delay : 0,
    ...(params.get('engine') === 'page'
      ? {
          oneEngine: {
            callMs: nonNegative(params.get('callMs')),
            tokenMs: nonNegative(params.get('tokenMs')),
          },
        }
      : {}),
    ...(params.get('llm') === 'worker' ? { modelWorker: true } : {}),
  };
}

/**
 * The database the app itself opens on a page whose URL names a test mode other than
 * `scripted` (`?test=memory`, or one this build does not know): a test one, never the app's.
 */
export function otherTestModeDb(search: string): string | null {
  const test = new URLSearchParams(search).get('test');
  if (test === null || test === 'scripted') return null;
  return testDbName(null, `app-${test || 'unnamed'}`);
}

/** The banner of a page on a test database that no other test mode labels. */
export function testDatabaseLabel(db: string): string {
  return `Test URL: this page uses its own test database (${db}), never your memory`;
}

export function testModeLabel(embedder: string | null, notes: readonly string[]): string {
  const uses = embedder ? ` · embedder: ${embedder}` : ' · embedder: loading…';
  return `Test mode: scripted LLM (not a real model)${uses}${notes.length ? ` · ${notes.join(' ')}` : ''}`;
}
