/**
 * The embedder the chat's topic routing uses: the bundled model in the tab's one embed worker
 * (never on the page thread; the memory and explorer workers use the same loaded model), started
 * on the first turn and kept (its calls follow the tab's embed worker across a restart). A failed load is forgotten, so
 * the next turn tries again.
 */
import type { EmbedderPort } from '../../engine/ports.ts';
import { BUNDLED_EMBEDDER } from '../../models/embedder/bundled-model.ts';
import { tabEmbedRuntime } from '../../models/embedder/embed-runtime.ts';

export function lazyEmbedder(
  create: () => Promise<EmbedderPort> = () =>
    tabEmbedRuntime().embedder({
      modelId: BUNDLED_EMBEDDER.modelId,
      dtype: BUNDLED_EMBEDDER.dtype,
      device: 'wasm',
    }),
): () => Promise<EmbedderPort> {
  let loading: Promise<EmbedderPort> | undefined;
  return () => {
    if (!loading) {
      const attempt = create();
      loading = attempt;
      attempt.catch(() => {
        if (loading === attempt) loading = undefined;
      });
    }
    return loading;
  };
}
