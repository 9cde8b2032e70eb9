/**
 * An OpenAI-compatible server on 127.0.0.1 (a random port: another origin than the app) for e2e.
 * It answers as a browser needs: CORS preflight, streamed replies over server-sent events, and
 * structured calls with the smallest object their JSON schema accepts. It records every request
 * that reached it, so a test can tell "blocked by the browser" from "served".
 */
import { createServer } from 'node:http';
import { chatCompletion, listenOnLoopback, readBody } from '../scripts/bench/fake-server-wire.ts';

export const FAKE_REPLY = 'Hello from the opted-in server on 127.0.0.1.';

export interface FakeOpenAiServer {
  /** http://127.0.0.1:<port> */
  readonly origin: string;
  /** Method and path of every request that reached the server. */
  readonly requests: () => string[];
  readonly close: () => Promise<void>;
}

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  minimum?: number;
  minItems?: number;
  items?: Schema;
};

/**
 * The plainest value `schema` accepts: "none" where an enum offers it (so a classifier finds no
 * task and the chat streams a reply), else the first enum value, empty strings, no array items.
 */
export function sampleOf(schema: Schema | undefined): unknown {
  if (!schema) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum.includes('none') ? 'none' : schema.enum[0];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return sampleOf(variant);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sampleOf(v)]),
      );
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items));
    case 'string':
      return '';
    case 'number':
    case 'integer':
      return schema.minimum ?? 0;
    case 'boolean':
      return false;
    default:
      return null;
  }
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type, authorization',
};

export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS).end();
      return;
    }
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, CORS).end();
      return;
    }
    void readBody(req).then((text) => {
      const body = JSON.parse(text) as {
        stream?: boolean;
        response_format?: { type: string; json_schema?: { schema?: Schema } };
      };
      if (body.stream) {
        res.writeHead(200, { ...CORS, 'content-type': 'text/event-stream' });
        for (const piece of FAKE_REPLY.split(/(?<= )/)) {
          const chunk = { choices: [{ index: 0, delta: { content: piece } }] };
          res.write(`data: ${JSON.stringify(chunk)}\n\n`);
        }
        res.end('data: [DONE]\n\n');
        return;
      }
      const format = body.response_format;
      const content = format
        ? JSON.stringify(sampleOf(format.json_schema?.schema ?? { type: 'object' }))
        : FAKE_REPLY;
      res.writeHead(200, { ...CORS, 'content-type': 'application/json' }).end(
        JSON.stringify(
          chatCompletion('fake', content, {
            prompt_tokens: 10,
            completion_tokens: 5,
            total_tokens: 15,
          }),
        ),
      );
    });
  });
  const port = await listenOnLoopback(server);
  return {
    origin: `http://127.0.0.1:${port}`,
    requests: () => [...seen],
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
