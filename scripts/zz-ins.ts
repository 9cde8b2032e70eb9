import { readFileSync } from 'node:fs';
import { freshDb } from '../src/storage/fixtures.test-support.ts';
import { importProfile } from '../src/storage/export/import-profile.ts';
import { MemoryHost } from '../src/memory-backend/memory-host.ts';
import { pipelineEngine } from '../src/memory-backend/pipeline-engine.ts';
import { createNodeBundledEmbedder } from '../src/models/embedder/node-bundled.ts';
import { prepareRetrieval, prepareInsertAhead } from '../src/memory-backend/memory-retrieve.ts';
import { requireProfile } from '../src/storage/profiles.ts';
const NEW_SESSION = [
  'I adopted a second cat called Mochi.',
  'My brother Felix moved to Tallinn for a new job.',
  'I started going to a pottery class on Thursdays.',
  'I want to run the Lisbon half marathon next year.',
  'I am allergic to kiwi, I found out last week.',
  'My favourite dish to cook is now mushroom ramen.',
  'I replaced my e-reader because the screen cracked.',
  'I am learning Korean with a tutor on Sundays.',
  'I planted garlic in the allotment in October.',
  'I put 150 euros a month into a holiday fund.',
];
const newSession = (n: number) => ({
  id: `bench-new-session-${n}`,
  conversationId: 'default',
  time: `2026-01-${String(2 + n).padStart(2, '0')}T19:00:00.000Z`,
  turns: NEW_SESSION.map((text, i) => ({ id: `bench-new-session-${n}:t${i}`, speaker: 'user' as const, text: n === 0 ? text : `${text.slice(0, -1)}, run ${n} of the bench.` })),
});
const db = await freshDb();
let t = performance.now();
const lap = (l: string) => { const t2 = performance.now(); console.log(l, (t2 - t).toFixed(0)); t = t2; };
const { id } = await importProfile(db, readFileSync('/tmp/grove-heavy-wt.json', 'utf8'));
lap('import');
const embedder = await createNodeBundledEmbedder();
const host = new MemoryHost(db, await requireProfile(db, id), pipelineEngine({ embedder }));
const tree = await prepareRetrieval(host.store, { opening: true });
await prepareInsertAhead(tree);
await host.store.prepareWrite(async () => undefined);
lap('open+warm');
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
const ses = new Session(); ses.connect();
await ses.post('Profiler.enable'); await ses.post('Profiler.setSamplingInterval', { interval: 200 });
for (let k = 0; k < 6; k++) {
  if (k === 2) await ses.post('Profiler.start');
  const r = await host.ingest({ session: newSession(k) as never });
  lap('ingest ' + k + ' ' + (r as { status: string }).status);
  if (process.env.WARM) { const tr = await prepareRetrieval(host.store); await prepareInsertAhead(tr); lap('warm'); }
}
const { profile } = await ses.post('Profiler.stop');
writeFileSync('/tmp/prof/ins.cpuprofile', JSON.stringify(profile));
process.exit(0);
