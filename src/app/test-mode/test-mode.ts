/**
 * The explicit switch for e2e: `/?test=scripted` plugs the engine's ScriptedLlm into the memory
 * worker (extraction, summaries, judge) and the chat, with a banner on every screen. Without it,
 * product code never uses a fake.
 *
 * Query options: `db` (database name, default grove-test-scripted), `delay` (ms before each
 * ingestion's slow work, so progress can be watched).
 */
export interface ScriptedTestMode {
  readonly kind: 'scripted';
  readonly db: string;
  readonly stageDelayMs: number;
}

export function parseTestMode(search: string): ScriptedTestMode | null {
  const params = new URLSearchParams(search);
  if (params.get('test') !== 'scripted') return null;
  const delay = Number(params.get('delay') ?? 0);
  return {
    kind: 'scripted',
    db: params.get('db') || 'grove-test-scripted',
    stageDelayMs: Number.isFinite(delay) && delay > 0 ? delay : 0,
  };
}

export function testModeLabel(embedder: string | null, notes: readonly string[]): string {
  const uses = embedder ? ` · embedder: ${embedder}` : ' · embedder: loading…';
  return `Test mode: scripted LLM (not a real model)${uses}${notes.length ? ` · ${notes.join(' ')}` : ''}`;
}
