/**
 * web-llm's worker-side handler, plus one custom request: token counting with the loaded model's
 * tokenizer (web-llm's `customRequest` message kind, which the stock handler ignores).
 */
import {
  WebWorkerMLCEngineHandler,
  type CustomRequestParams,
  type WorkerRequest,
} from '@mlc-ai/web-llm';
import { COUNT_TOKENS_REQUEST, countWithLoadedTokenizer } from './count-tokens.ts';

export class GroveLlmWorkerHandler extends WebWorkerMLCEngineHandler {
  override onmessage(
    event: unknown,
    onComplete?: (value: unknown) => void,
    onError?: () => void,
  ): void {
    const msg = (event instanceof MessageEvent ? event.data : event) as WorkerRequest | undefined;
    const content = msg?.content as Partial<CustomRequestParams> | null | undefined;
    if (msg?.kind === 'customRequest' && content?.requestName === COUNT_TOKENS_REQUEST) {
      void this.handleTask(msg.uuid, async () =>
        countWithLoadedTokenizer(this.engine, content.requestMessage ?? ''),
      );
      return;
    }
    super.onmessage(event, onComplete, onError);
  }
}
