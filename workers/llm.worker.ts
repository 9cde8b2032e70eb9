/// <reference lib="webworker" />
/** The LLM worker: web-llm's engine (WebGPU) behind its standard worker protocol. */
import { GroveLlmWorkerHandler } from '../src/models/llm/web-llm-worker-handler.ts';

const handler = new GroveLlmWorkerHandler();
self.onmessage = (event: MessageEvent) => handler.onmessage(event);
