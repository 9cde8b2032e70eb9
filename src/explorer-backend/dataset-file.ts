/**
 * A benchmark file dropped on the explorer → the evaluation model, through the engine's loaders
 * (src/engine/datasets). The format is told from the content: LoCoMo samples, IMPLEXCONV (the
 * reference JSON array, the hub's rows, JSON Lines) or a Grove conversation; the hub's parquet
 * files are read with hyparquet and handed to the same IMPLEXCONV loader.
 */
import { parquetReadObjects } from 'hyparquet';
import type { DatasetName, EvalDataset } from '../engine/datasets/eval-model.ts';
import { DatasetFormatError, readRecords } from '../engine/datasets/eval-model.ts';
import { loadDataset } from '../engine/datasets/load.ts';
import { UnknownDatasetError } from './explorer-errors.ts';

/** Which loader a parsed record belongs to. */
export function detectDataset(first: unknown): DatasetName | undefined {
  if (typeof first !== 'object' || first === null) return undefined;
  const r = first as Record<string, unknown>;
  if (r.format === 'grove-conversation') return 'grove';
  const conversation = r.conversation as Record<string, unknown> | undefined;
  if ('sample_id' in r || (conversation && 'speaker_a' in conversation)) return 'locomo';
  if (conversation && ('qa' in r || 'question' in r)) return 'implexconv';
  return undefined;
}

export function parseDatasetText(text: string, file: string): EvalDataset {
  const records = readRecords(text, file);
  const name = detectDataset(records[0]?.value);
  if (!name) throw new UnknownDatasetError(file);
  return loadDataset(name, text, file);
}

/** Parquet values → JSON: bigints to numbers, nulls dropped (the loaders' fields are optional). */
function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(plain);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      if (v !== null && v !== undefined) out[k] = plain(v);
    return out;
  }
  return value;
}

export async function parseParquet(buffer: ArrayBuffer, file: string): Promise<EvalDataset> {
  let rows: Record<string, unknown>[];
  try {
    rows = (await parquetReadObjects({ file: buffer })) as Record<string, unknown>[];
  } catch (error) {
    throw new DatasetFormatError(
      file,
      'file',
      '',
      `not a readable parquet file (${(error as Error).message})`,
    );
  }
  const records = rows.map(plain);
  // The hub's conversation struct keeps every key of the schema: absent sessions were nulls.
  const name = detectDataset(records[0]);
  if (name !== 'implexconv') throw new UnknownDatasetError(file);
  return loadDataset('implexconv', JSON.stringify(records), file);
}

export interface DatasetSource {
  readonly name: string;
  text(): Promise<string>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export async function parseDatasetSource(source: DatasetSource): Promise<EvalDataset> {
  if (/\.parquet$/i.test(source.name)) return parseParquet(await source.arrayBuffer(), source.name);
  return parseDatasetText(await source.text(), source.name);
}
