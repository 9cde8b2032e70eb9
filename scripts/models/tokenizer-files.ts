/**
 * tokenizer.json (Hugging Face tokenizers format), tokenizer_config.json and config.json for the
 * bundled embedder: a lower-case WordLevel tokenizer over GloVe's vocabulary, and a config that
 * transformers.js loads as an encoder for feature extraction.
 */
import {
  DIMENSION,
  MAX_TOKENS,
  PAD_TOKEN,
  SPECIAL_TOKENS,
  UNK_TOKEN,
} from './bundled-embedder-spec.ts';

/**
 * GloVe's corpus was tokenised Penn-Treebank style and the wink package dropped the clitics
 * ("n't", "'s") and single letters, so contractions are expanded before splitting.
 */
const CONTRACTIONS: readonly (readonly [pattern: string, content: string])[] = [
  ['[’‘`]', "'"],
  ["\\bcan't\\b", 'can not'],
  ["\\bwon't\\b", 'will not'],
  ["\\bshan't\\b", 'shall not'],
  ["n't\\b", ' not'],
  ["'re\\b", ' are'],
  ["'ve\\b", ' have'],
  ["'ll\\b", ' will'],
  ["'m\\b", ' am'],
  ["'d\\b", ' would'],
  ["'s\\b", ''],
];

/** One run of letters, marks and digits, or one other non-space character. */
export const WORD_PATTERN = '[\\p{L}\\p{M}\\p{N}]+|[^\\s\\p{L}\\p{M}\\p{N}]';

export function tokenizerJson(words: readonly string[]): object {
  const vocab: Record<string, number> = {};
  SPECIAL_TOKENS.forEach((token, id) => (vocab[token] = id));
  words.forEach((word, i) => (vocab[word] = i + SPECIAL_TOKENS.length));
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIAL_TOKENS.map((content, id) => ({
      id,
      content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    })),
    normalizer: {
      type: 'Sequence',
      normalizers: [
        { type: 'NFKC' },
        { type: 'Lowercase' },
        ...CONTRACTIONS.map(([pattern, content]) => ({
          type: 'Replace',
          pattern: { Regex: pattern },
          content,
        })),
      ],
    },
    pre_tokenizer: {
      type: 'Split',
      pattern: { Regex: WORD_PATTERN },
      behavior: 'Removed',
      invert: true,
    },
    post_processor: null,
    decoder: null,
    model: { type: 'WordLevel', vocab, unk_token: UNK_TOKEN },
  };
}

export function tokenizerConfigJson(): object {
  return {
    tokenizer_class: 'PreTrainedTokenizer',
    do_lower_case: true,
    model_max_length: MAX_TOKENS,
    pad_token: PAD_TOKEN,
    unk_token: UNK_TOKEN,
    clean_up_tokenization_spaces: false,
  };
}

/** "bert" makes transformers.js build an encoder-only model whose session feeds just input_ids. */
export function modelConfigJson(vocabSize: number): object {
  return {
    model_type: 'bert',
    architectures: ['BertModel'],
    hidden_size: DIMENSION,
    vocab_size: vocabSize,
    max_position_embeddings: MAX_TOKENS,
    pad_token_id: 0,
    'transformers.js_config': { dtype: 'q8' },
  };
}
