/**
 * The HTTP adapter against a small OpenAI-compatible server on 127.0.0.1 (random port, bounded
 * number of requests, closed after the tests). The model name picks the server's behaviour.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AbortError } from '../../engine/errors.ts';
import { callStructured } from '../../engine/json-output.ts';
import { EndpointError, EndpointResponseError, EndpointTimeoutError } from '../errors.ts';
import { OpenAiHttpPort, chatCompletionsUrl } from './openai-http-port.ts';

const MAX_REQUESTS = 60;
const bodies: Record<string, unknown>[] = [];
const headers: IncomingMessage['headers'][] = [];
let server: Server;
let baseUrl: string;
let throttled = 0;

function completion(content: string) {
  return JSON.stringify({
    id: 'x',
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 },
  });
}

function handle(body: Record<string, unknown>, res: ServerResponse) {
  const format = body.response_format as { type?: string } | undefined;
  switch (body.model) {
    case 'ok':
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(completion('hello from the server'));
      return;
    case 'json':
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(completion('{"relevant": false, "reason": "no"}'));
      return;
    case 'no-json-schema':
      if (format?.type === 'json_schema') {
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(
            JSON.stringify({ error: { message: 'response_format json_schema is not supported' } }),
          );
      } else {
        res.writeHead(200).end(completion('{"relevant": true, "reason": "yes"}'));
      }
      return;
    case 'malformed':
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"choices": [ {"mess');
      return;
    case 'wrong-shape':
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"result": "hi"}');
      return;
    case 'fail':
      res
        .writeHead(500, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'CUDA error' } }));
      return;
    case 'unknown-model':
      res.writeHead(404).end('model not found');
      return;
    case 'stream': {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const pieces = ['Hel', 'lo ', 'wor', 'ld'];
      for (const p of pieces)
        res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: p } }] })}\n\n`);
      res.write(
        `data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 3, completion_tokens: 4 } })}\n\n`,
      );
      res.end('data: [DONE]\n\n');
      return;
    }
    case 'throttled': {
      // 429 with Retry-After (seconds, then an HTTP date), then an answer.
      throttled++;
      if (throttled <= 2) {
        const retryAfter = throttled === 1 ? '7' : 'Thu, 01 Jan 2026 12:00:03 GMT';
        res
          .writeHead(429, { 'content-type': 'application/json', 'retry-after': retryAfter })
          .end(JSON.stringify({ error: { message: 'Too many requests' } }));
      } else {
        res.writeHead(200).end(completion('after the wait'));
      }
      return;
    }
    case 'hang':
      return; // never answers; the client times out or aborts
    default:
      res.writeHead(400).end('unknown test model');
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    if (bodies.length >= MAX_REQUESTS) {
      res.writeHead(503).end('test server request budget spent');
      return;
    }
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(raw) as Record<string, unknown>;
      bodies.push(body);
      headers.push(req.headers);
      handle(body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const noWait = () => Promise.resolve();
const user = (content: string) => [{ role: 'user' as const, content }];
const port = (
  model: string,
  extra: Partial<ConstructorParameters<typeof OpenAiHttpPort>[0]> = {},
) => new OpenAiHttpPort({ baseUrl, model, ...extra });

describe('OpenAiHttpPort (local test server)', () => {
  it('completes against /v1/chat/completions, sending model, messages and max_tokens', async () => {
    const result = await port('ok', { apiKey: 'sk-test' }).complete({
      messages: user('hi'),
      maxTokens: 50,
      temperature: 0.2,
    });
    expect(result).toEqual({
      text: 'hello from the server',
      promptTokens: 11,
      completionTokens: 7,
    });
    expect(bodies.at(-1)).toMatchObject({
      model: 'ok',
      max_tokens: 50,
      temperature: 0.2,
      messages: user('hi'),
    });
    expect(headers.at(-1)?.authorization).toBe('Bearer sk-test');
  });

  it('sends the JSON schema as response_format json_schema', async () => {
    const schema = z.object({ relevant: z.boolean(), reason: z.string() });
    const result = await callStructured(port('json'), {
      messages: user('relevant?'),
      schema,
      maxTokens: 64,
      purpose: 'judge-node',
    });
    expect(result.ok && result.value).toEqual({ relevant: false, reason: 'no' });
    expect(bodies.at(-1)?.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: {
        name: 'grove_output',
        schema: { type: 'object', required: ['relevant', 'reason'] },
      },
    });
  });

  it('falls back to json_object once when a server rejects json_schema, and remembers', async () => {
    const p = port('no-json-schema');
    const request = { messages: user('x'), maxTokens: 16, schema: { type: 'object' } };
    expect((await p.completeStructured(request)).text).toContain('"relevant": true');
    const before = bodies.length;
    await p.completeStructured(request);
    expect(bodies.length - before).toBe(1);
    expect(bodies.at(-1)?.response_format).toEqual({ type: 'json_object' });
  });

  it('streams server-sent events', async () => {
    const deltas: string[] = [];
    const result = await port('stream').stream({ messages: user('x'), maxTokens: 8 }, (d) =>
      deltas.push(d),
    );
    expect(deltas).toEqual(['Hel', 'lo ', 'wor', 'ld']);
    expect(result).toEqual({ text: 'Hello world', promptTokens: 3, completionTokens: 4 });
    expect(bodies.at(-1)).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it('reports a malformed reply as EndpointResponseError', async () => {
    await expect(
      port('malformed').complete({ messages: user('x'), maxTokens: 4 }),
    ).rejects.toBeInstanceOf(EndpointResponseError);
    await expect(
      port('wrong-shape').complete({ messages: user('x'), maxTokens: 4 }),
    ).rejects.toThrow(/not an OpenAI chat completion/);
  });

  it('reports a failing server with status and advice, after one transport retry', async () => {
    const before = bodies.length;
    const error = await port('fail', { sleep: noWait })
      .complete({ messages: user('x'), maxTokens: 4 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EndpointError);
    expect((error as EndpointError).status).toBe(500);
    expect((error as Error).message).toMatch(/HTTP 500: CUDA error\. The server failed/);
    expect((error as Error).message).toMatch(/gave up after 2 attempts/);
    expect(bodies.length - before).toBe(2);
    const missing = await port('unknown-model')
      .complete({ messages: user('x'), maxTokens: 4 })
      .catch((e: unknown) => e);
    expect((missing as Error).message).toMatch(/HTTP 404.*model name/);
  });

  it('honours Retry-After (seconds, then an HTTP date) on 429 and then answers', async () => {
    const waits: number[] = [];
    const before = bodies.length;
    const reply = await port('throttled', {
      retry: { maxAttempts: 3, baseDelayMs: 100, maxDelayMs: 1000, maxRetryAfterMs: 60_000 },
      sleep: (ms) => (waits.push(ms), Promise.resolve()),
      now: () => Date.UTC(2026, 0, 1, 12, 0, 0),
    }).complete({ messages: user('x'), maxTokens: 4 });
    expect(reply.text).toBe('after the wait');
    expect(waits).toEqual([7_000, 3_000]);
    expect(bodies.length - before).toBe(3);
  });

  it('retries a failing server with bounded exponential backoff, then gives up clearly', async () => {
    const waits: number[] = [];
    const before = bodies.length;
    const error = await port('fail', {
      retry: { maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 250, maxRetryAfterMs: 1000 },
      sleep: (ms) => (waits.push(ms), Promise.resolve()),
      random: () => 0.999,
    })
      .complete({ messages: user('x'), maxTokens: 4 })
      .catch((e: unknown) => e);
    expect(bodies.length - before).toBe(4);
    expect(waits).toEqual([100, 200, 250]);
    expect(error).toBeInstanceOf(EndpointError);
    expect((error as EndpointError).status).toBe(500);
    expect((error as Error).message).toMatch(/HTTP 500.*\(gave up after 4 attempts\)$/);
  });

  it('retries a time-out, and says so when the retries run out', async () => {
    const before = bodies.length;
    const error = await port('hang', { timeoutMs: 30, retries: 1, sleep: noWait })
      .complete({ messages: user('x'), maxTokens: 4 })
      .catch((e: unknown) => e);
    expect(bodies.length - before).toBe(2);
    expect(error).toBeInstanceOf(EndpointTimeoutError);
    expect((error as Error).message).toMatch(/gave up after 2 attempts/);
  });

  it('times out with EndpointTimeoutError, and cancels with AbortError', async () => {
    await expect(
      port('hang', { timeoutMs: 50, retries: 0 }).complete({ messages: user('x'), maxTokens: 4 }),
    ).rejects.toBeInstanceOf(EndpointTimeoutError);
    const controller = new AbortController();
    const call = port('hang').complete({
      messages: user('x'),
      maxTokens: 4,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 10);
    await expect(call).rejects.toBeInstanceOf(AbortError);
  });

  it('reports an unreachable server', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await new OpenAiHttpPort({ baseUrl: deadUrl, model: 'ok', retries: 0 })
      .complete({ messages: user('x'), maxTokens: 4 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EndpointError);
    expect((error as Error).message).toMatch(/Could not reach .*Is the server running/);
  });

  it('builds the endpoint URL and labels itself as leaving the device', () => {
    expect(chatCompletionsUrl('http://h:1/')).toBe('http://h:1/v1/chat/completions');
    expect(chatCompletionsUrl('http://h:1/v1')).toBe('http://h:1/v1/chat/completions');
    const p = port('ok');
    expect(p.leavesDevice).toBe(true);
    expect(p.id).toBe(`openai:${baseUrl}#ok`);
    expect(p.countTokens('hello world')).toBeGreaterThan(0);
  });
});
