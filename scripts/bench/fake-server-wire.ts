/**
 * What every fake OpenAI-compatible server of the tests and benches shares: reading a request
 * body, the non-streamed chat completion it answers with, and listening on a free loopback port.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });

export interface CompletionUsage {
  readonly prompt_tokens: number;
  readonly completion_tokens: number;
  readonly total_tokens?: number;
}

/** One chat completion with `content` as the assistant's message. */
export function chatCompletion(id: string, content: string, usage: CompletionUsage) {
  return {
    id,
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage,
  };
}

/** Listens on 127.0.0.1 at a free port; returns the port. */
export async function listenOnLoopback(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}
