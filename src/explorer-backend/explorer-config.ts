/** The explorer worker's configuration, carried in the Worker's `name` as JSON. */
import type { ExplorerWorkerConfig } from './explorer-protocol.ts';

export function explorerConfigName(config: ExplorerWorkerConfig): string {
  return JSON.stringify(config);
}

export function parseExplorerConfig(name: string): ExplorerWorkerConfig {
  let raw: Partial<ExplorerWorkerConfig> = {};
  try {
    raw = JSON.parse(name) as Partial<ExplorerWorkerConfig>;
  } catch {
    // Not JSON: the defaults below.
  }
  return {
    llm: raw.llm === 'scripted' || raw.llm === 'page' ? raw.llm : 'none',
    embedder: raw.embedder === 'hash' ? 'hash' : 'bundled',
  };
}
