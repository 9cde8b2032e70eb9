/**
 * What the storage host needs from the engine: the slow work (extract, embed, insert, rebuild)
 * and the models edits need. The composer injects it (workers/memory.worker.ts): storage never
 * picks a model itself, and never falls back to a fake.
 */
import type { EmbedderPort } from '../engine/ports.ts';
import type { Summariser } from '../engine/tree/summarise.ts';
import type { MemoryTree, Session } from '../engine/types.ts';

export interface MemoryEngine {
  readonly embedder: EmbedderPort;
  readonly summariser: Summariser;
  /**
   * Extracts, embeds and inserts a session's facts; returns the new tree (input untouched). Its
   * changed summaries' keyword labels may be left `unlabelled`: the host writes them after the
   * commit (MemoryHost.labelPending).
   */
  addSession(tree: MemoryTree, session: Session, signal?: AbortSignal): Promise<MemoryTree>;
  /** A fresh build over the tree's facts (background rebuild after drift). */
  rebuild(tree: MemoryTree, signal?: AbortSignal): Promise<MemoryTree>;
}
