/** Where the worker's transformers.js looks for text-generation weights and the ONNX runtime. */
import { describe, expect, it } from 'vitest';
import type { TransformersEnvLike } from '../embedder/offline-env.ts';
import { configureTextGenEnv, loadFailureDetail } from './transformers-textgen-loader.ts';

function freshEnv(): TransformersEnvLike {
  return {
    allowRemoteModels: true,
    allowLocalModels: false,
    localModelPath: '/models/',
    remoteHost: 'https://huggingface.co/',
    remotePathTemplate: '{model}/resolve/{revision}/',
    useBrowserCache: true,
    useFSCache: true,
    cacheDir: null,
    useWasmCache: true,
    backends: { onnx: {} },
  };
}

const APP = { origin: 'http://127.0.0.1:4173', appBase: '/' };
const LOAD = { modelId: 'HuggingFaceTB/SmolLM2-360M-Instruct', dtype: 'q4' } as const;
const ORT = {
  mjs: 'http://127.0.0.1:4173/ort/ort-wasm-simd-threaded.mjs',
  wasm: 'http://127.0.0.1:4173/ort/ort-wasm-simd-threaded.wasm',
};

describe('configureTextGenEnv', () => {
  it('without a base URL keeps the default host but serves the ONNX runtime from the app', () => {
    const env = freshEnv();
    configureTextGenEnv(env, LOAD, APP);
    expect(env.remoteHost).toBe('https://huggingface.co/');
    expect(env.backends.onnx.wasm?.wasmPaths).toEqual(ORT);
  });

  it('loads from a self-hosted server when a base URL is set', () => {
    const env = freshEnv();
    configureTextGenEnv(env, { ...LOAD, modelBaseUrl: 'http://10.0.0.5:8080/models' }, APP);
    expect(env).toMatchObject({
      allowRemoteModels: true,
      allowLocalModels: false,
      remoteHost: 'http://10.0.0.5:8080/models/',
      remotePathTemplate: '{model}/',
    });
    expect(env.backends.onnx.wasm?.wasmPaths).toEqual(ORT);
  });

  it('treats a same-origin path as local models, never a remote host', () => {
    const env = freshEnv();
    configureTextGenEnv(env, { ...LOAD, modelBaseUrl: '/weights/' }, APP);
    expect(env).toMatchObject({
      allowRemoteModels: false,
      allowLocalModels: true,
      localModelPath: '/weights/',
    });
  });
});

describe('loadFailureDetail', () => {
  it('explains an HTML fallback page where model files should be', () => {
    const html = new SyntaxError(`Unexpected token '<', "<!doctype "... is not valid JSON`);
    expect(loadFailureDetail(html)).toMatch(/served a web page instead of the model files/);
    expect(loadFailureDetail(new Error('disk full'))).toBe('disk full');
  });
});
