/**
 * The fake OpenAI-compatible server in a process of its own, so that the client's work (tree
 * builds, JSON, the cache) never delays its replies: started with `fork` by the eval-throughput
 * bench, it sends `{ url }` once listening and stops when its parent goes away.
 *
 *   fork('fake-openai-server-process.ts', ['--latency', '200', '--max-concurrent', '64'])
 */
import { parseArgs } from 'node:util';
import { startFakeOpenAiServer } from './fake-openai-server.ts';

const { values } = parseArgs({
  options: { latency: { type: 'string' }, 'max-concurrent': { type: 'string' } },
});
const server = await startFakeOpenAiServer({
  latencyMs: Number(values.latency ?? 200),
  maxConcurrent: Number(values['max-concurrent'] ?? 64),
});
const stop = () => void server.close().then(() => process.exit(0));
process.on('disconnect', stop);
process.on('SIGTERM', stop);
process.send?.({ url: server.url });
