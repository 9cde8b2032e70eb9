/** `grove bench turn-cost --dataset locomo|implexconv --file F [--json]`: see bench/turn-cost.ts. */
import { DATASET_NAMES } from '../../src/engine/datasets/eval-model.ts';
import { benchTurnCost } from '../bench/turn-cost.ts';
import { choice, intOption, parse, required, UsageError } from './args.ts';
import { readDataset } from './eval-command.ts';
import { modelsFrom } from './models.ts';

const options = {
  dataset: { type: 'string' },
  file: { type: 'string' },
  facts: { type: 'string' },
  questions: { type: 'string' },
  'forest-trees': { type: 'string' },
  'rebuild-sizes': { type: 'string' },
  embedder: { type: 'string' },
  json: { type: 'boolean' },
} as const;

export async function runTurnCostBench(argv: string[]) {
  const values = parse(argv, options);
  const name = choice(values.dataset, 'dataset', DATASET_NAMES, 'locomo');
  if (name !== 'locomo' && name !== 'implexconv')
    throw new UsageError('bench turn-cost replays --dataset locomo or implexconv');
  const dataset = await readDataset(name, required(values.file, 'file'), false);
  const sizes = (values['rebuild-sizes'] ?? '1000,3000,10000')
    .split(',')
    .filter((s) => s.trim() !== '')
    .map((s) => intOption(s.trim(), 'rebuild-sizes', 0));
  const result = await benchTurnCost({
    dataset,
    embedder: modelsFrom({ embedder: values.embedder }).embedder,
    facts: intOption(values.facts, 'facts', 3000),
    questions: intOption(values.questions, 'questions', 100),
    forestTrees: intOption(values['forest-trees'], 'forest-trees', 10),
    rebuildSizes: sizes,
    onStage: (stage) => process.stderr.write(`turn-cost: ${stage}\n`),
  });
  return { json: values.json === true, result, text: JSON.stringify(result, null, 2) };
}
