/**
 * The "Rebuild growth" section of docs/results.md, from the committed output of
 * `grove bench tree-growth` (docs/bench/tree-growth.json): `npm run results` renders it without
 * re-running the (minutes-long) benchmark. Pure.
 */
import { GMM_SAMPLE_CAP } from '../src/engine/cluster/policy.ts';
import { growthExponent } from './bench/tree-growth.ts';
import type { GrowthRow, GrowthRun, TreeGrowthResult } from './bench/tree-growth.ts';

const s = (ms: number) => (ms / 1000).toFixed(1);
const f2 = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? '–' : x.toFixed(2));
const facts = (n: number) => n.toLocaleString('en-US');

function split(run: GrowthRun | undefined): string {
  if (!run) return '= exact | | | |';
  return [run.ms_total, run.cpu_ms_total, run.ms_knn, run.ms_umap_layout, run.ms_gmm]
    .map(s)
    .join(' | ');
}

export function growthSection(result: TreeGrowthResult, command: string): string[] {
  const { rows } = result;
  const first = rows[0]?.n ?? 0;
  const last = rows[rows.length - 1]?.n ?? 0;
  const withRef = rows.filter((r) => r.reference);
  const other = Math.max(
    0,
    ...rows.flatMap((r) => [r.exact, r.policy ?? r.exact]).map((x) => x.ms_other),
  );
  const cpuExponent = (pick: (r: GrowthRow) => GrowthRun) =>
    growthExponent(rows.map((r) => [r.n, pick(r).cpu_ms_total] as const));
  return [
    '',
    '## Rebuild growth',
    '',
    `The tree build without summaries (a parent's vector is its members' mean direction) on ` +
      `tree-build's seeded synthetic embeddings (${result.dim} dimensions, n/10 planted topics), ` +
      `on a ${result.machine.cpus}-core machine (Node ${result.machine.node}), wall-clock seconds: ` +
      `\`${command}\` (committed as docs/bench/tree-growth.json; \`npm run results\` does not ` +
      're-run it). The exact path is the build before issue 15 (every level: all-pairs kNN, ' +
      `mixture fitted on every point); the default policy takes levels above ` +
      `${facts(result.large_level)} points onto the large-level path (NN-descent kNN, mixture ` +
      `fitted on a seeded half of the level, at most ${facts(GMM_SAMPLE_CAP)} points, its ` +
      'E-step skipping groups of components out of reach, the rest labelled by the fitted ' +
      'model); smaller ' +
      'levels, hence every tree above in this document, are unchanged bit for bit.',
    '',
    '| facts | exact: wall | CPU | kNN | UMAP layout | mixture | policy: wall | CPU | kNN | UMAP layout | mixture |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map((r) => `| ${facts(r.n)} | ${split(r.exact)} | ${split(r.policy)} |`),
    '',
    `kNN, UMAP layout (fuzzy graph and SGD) and mixture are wall-clock parts of the total; the ` +
      `rest (parent vectors, bookkeeping) is at most ${s(other)} s. CPU is the process's CPU ` +
      'time, steadier than wall clock on a shared machine. Growth exponent (least-squares ' +
      `slope of log time on log facts, ${facts(first)}–${facts(last)}): exact path ` +
      `${f2(result.exponent.exact)} (CPU time: ${f2(cpuExponent((r) => r.exact))}), default ` +
      `policy ${f2(result.exponent.policy)} (CPU time: ` +
      `${f2(cpuExponent((r) => r.policy ?? r.exact))}).`,
    '',
    '### Quality at scale (synthetic planted topics)',
    '',
    `ARI of the level-1 clusters against the generating topics; the ARI between the exact ` +
      `path's and the policy's level-1 clusters, beside the ARI between two exact builds that ` +
      `differ only in their seed (the yardstick: how much the clusters move anyway); topic ` +
      `recall: for up to 200 planted topics, a query (the topic's mean direction) descends the ` +
      `tree keeping the ${result.beam} closest nodes per level, and recall is the share of the ` +
      `topic's facts under the kept leaf clusters.`,
    '',
    '| facts | ARI vs topics: exact | policy | ARI exact vs policy | ARI exact vs reseeded exact | topic recall: exact | policy |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${facts(r.n)} | ${f2(r.exact.ari_topics)} | ${r.policy ? f2(r.policy.ari_topics) : '= exact'} | ` +
        `${f2(r.ari_exact_vs_policy)} | ${f2(r.ari_exact_vs_reseeded)} | ` +
        `${f2(r.exact.topic_recall)} | ${r.policy ? f2(r.policy.topic_recall) : '= exact'} |`,
    ),
    '',
    'What this shows and does not: planted topics on synthetic vectors, not real facts; the ' +
      'retrieval check uses cosine descent, not the LLM judge. LoCoMo conversations are below ' +
      'the threshold; on real dialogues the large-level path is checked by retrieval in the ' +
      'settings table above ("large-level path on every level", `--large-level 0`, beside the ' +
      'default tacitree-embedding row).',
    ...(withRef.length === 0
      ? []
      : [
          '',
          '### Against umap-learn + scikit-learn',
          '',
          'The same vectors through scripts/reference/tree_build_ref.py (umap-learn, which uses ' +
            'NN-descent above 4,096 points, and scikit-learn GaussianMixture fitted on every ' +
            'point), its warm run, in the same benchmark run.',
          '',
          '| facts | Grove (default policy) s | umap-learn + scikit-learn s | ARI vs topics: Grove | reference |',
          '| ---: | ---: | ---: | ---: | ---: |',
          ...withRef.map((r) => {
            const ours = r.policy ?? r.exact;
            return (
              `| ${facts(r.n)} | ${s(ours.ms_total)} | ${s(r.reference!.ms_total)} | ` +
              `${f2(ours.ari_topics)} | ${f2(r.reference!.ari_topics)} |`
            );
          }),
        ]),
    '',
  ];
}
