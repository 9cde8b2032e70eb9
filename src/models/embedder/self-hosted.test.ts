/**
 * The self-hosted model base URL (air-gapped demos): transformers.js loads the bundled folder
 * from a small HTTP server on 127.0.0.1 and gives the same vectors as from disk; every request
 * goes to that server, none to the hub.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_EMBEDDER } from './bundled-model.ts';
import { createNodeBundledEmbedder, NODE_MODEL_ROOT } from './node-bundled.ts';
import { configureOfflineEnv, type TransformersEnvLike } from './offline-env.ts';
import { TransformersEmbedder } from './transformers-embedder.ts';

let server: Server;
let baseUrl: string;
const requests: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const path = normalize(join(NODE_MODEL_ROOT, decodeURIComponent(req.url ?? '/')));
    if (!path.startsWith(NODE_MODEL_ROOT)) return void res.writeHead(403).end();
    readFile(path).then(
      (body) => res.writeHead(200, { 'Content-Length': body.length }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('self-hosted model base URL', () => {
  it('loads the bundled model over HTTP from that server only', async () => {
    const texts = ['I go jogging every morning.', 'The storm knocked out the power.'];
    const local = await (await createNodeBundledEmbedder()).embed(texts);
    const { env } = await import('@huggingface/transformers');
    configureOfflineEnv(env as unknown as TransformersEnvLike, {
      selfHostedBaseUrl: baseUrl,
      cacheDir: await mkdtemp(join(tmpdir(), 'grove-model-cache-')),
    });
    const remote = await TransformersEmbedder.load({
      modelId: BUNDLED_EMBEDDER.modelId,
      dtype: BUNDLED_EMBEDDER.dtype,
      device: 'cpu',
      location: baseUrl,
    });
    const vectors = await remote.embed(texts);
    expect(vectors.map((v) => Array.from(v))).toEqual(local.map((v) => Array.from(v)));
    expect(requests).toContain('/grove/glove-wink-100d/onnx/model_quantized.onnx');
    expect(requests.every((r) => r.startsWith('/grove/glove-wink-100d/'))).toBe(true);
  });

  it('names the server when the model is not there', async () => {
    await expect(
      TransformersEmbedder.load({
        modelId: 'grove/not-here',
        dtype: 'q8',
        device: 'cpu',
        location: baseUrl,
      }),
    ).rejects.toMatchObject({
      name: 'EmbedderModelMissingError',
      message: expect.stringContaining(baseUrl),
    });
  });
});
