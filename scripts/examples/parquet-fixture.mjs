// Writes src/ui/explorer/fixtures/implexconv-hub-sample.parquet (IMPLEXCONV hub row shape) from
// Grove's own example. Needs hyparquet-writer@0.17, installed OUTSIDE the project (not a dependency):
//   (cd /tmp/pq && npm i hyparquet-writer@0.17.0) && NODE_PATH=/tmp/pq/node_modules node <this file> <out>
import { parquetWriteFile } from 'hyparquet-writer';
import { parquetReadObjects } from 'hyparquet';
import { readFileSync } from 'node:fs';
const ex = JSON.parse(
  readFileSync('/work/main/public/examples/grove-implexconv-example.json', 'utf8'),
)[0];
// Six sessions: enough for the hub shape; questions point into them.
const pick = [...new Set([...ex.qa[0].retrieved_conv, ...ex.qa[3].retrieved_conv, 0, 3])].sort(
  (a, b) => a - b,
);
const conv = Object.fromEntries(pick.map((s, i) => [String(i), ex.conversation[s]]));
const remap = (ids) => ids.map((s) => BigInt(pick.indexOf(s)));
const rows = [ex.qa[0], ex.qa[3]];
const N = pick.length;
const out = process.argv[2];
parquetWriteFile({
  filename: out,
  columnData: [
    { name: 'conversation', data: rows.map(() => conv) },
    { name: 'question', data: rows.map((r) => r.question) },
    { name: 'answer', data: rows.map((r) => r.answer) },
    { name: 'retrieved_conv', data: rows.map((r) => remap(r.retrieved_conv)) },
    { name: 'opposed_reasoning', data: rows.map((r) => r.opposed_reasoning ?? null) },
  ],
  schema: [
    { name: 'root', num_children: 5 },
    { name: 'conversation', repetition_type: 'OPTIONAL', num_children: N },
    ...Array.from({ length: N }, (_, i) => ({
      name: String(i),
      type: 'BYTE_ARRAY',
      converted_type: 'UTF8',
      repetition_type: 'OPTIONAL',
    })),
    { name: 'question', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
    { name: 'answer', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
    {
      name: 'retrieved_conv',
      repetition_type: 'OPTIONAL',
      converted_type: 'LIST',
      num_children: 1,
    },
    { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
    { name: 'element', type: 'INT64', repetition_type: 'OPTIONAL' },
    {
      name: 'opposed_reasoning',
      type: 'BYTE_ARRAY',
      converted_type: 'UTF8',
      repetition_type: 'OPTIONAL',
    },
  ],
});
const rowsBack = await parquetReadObjects({ file: readFileSync(out).buffer.slice(0) });
console.log(
  JSON.stringify(rowsBack, (k, v) =>
    typeof v === 'bigint' ? `${v}n` : typeof v === 'string' ? v.slice(0, 30) : v,
  ).slice(0, 800),
);
