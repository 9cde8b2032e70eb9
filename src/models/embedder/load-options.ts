/**
 * The embed worker's load options for the user's model choice: which embedder, its ONNX file,
 * its pooling, and where its folder is served from. The bundled embedder always comes from the
 * app itself (it ships there); any other one from the self-hosted model base URL when one is set,
 * otherwise from the app's /models/ folder.
 */
import { findEmbedder } from '../catalogue.ts';
import type { ModelChoice } from '../model-choice.ts';
import { BUNDLED_EMBEDDER } from './bundled-model.ts';
import type { DeviceChoice, LoadOptions } from './embed-protocol.ts';

/** Every catalogue embedder ships onnx/model_quantized.onnx (int8), the smallest download. */
export const CATALOGUE_EMBEDDER_DTYPE = 'q8';

export function embedderLoadOptions(
  choice: Pick<ModelChoice, 'embedder' | 'modelBaseUrl'>,
  device: DeviceChoice = 'auto',
): LoadOptions {
  const model = findEmbedder(choice.embedder);
  const bundled = model?.bundled ?? choice.embedder === BUNDLED_EMBEDDER.modelId;
  return {
    modelId: choice.embedder,
    dtype: bundled ? BUNDLED_EMBEDDER.dtype : CATALOGUE_EMBEDDER_DTYPE,
    device,
    pooling: model?.pooling ?? 'mean',
    ...(!bundled && choice.modelBaseUrl !== null ? { modelBaseUrl: choice.modelBaseUrl } : {}),
  };
}
