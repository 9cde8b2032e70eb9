import { describe, expect, it } from 'vitest';
import {
  browserModelSource,
  configureOfflineEnv,
  modelLocation,
  normaliseModelBaseUrl,
  type TransformersEnvLike,
} from './offline-env.ts';
import { ortWasmPaths } from './ort-files.ts';

const freshEnv = (): TransformersEnvLike => ({
  allowRemoteModels: true,
  allowLocalModels: false,
  localModelPath: '/models/',
  remoteHost: 'https://huggingface.co/',
  remotePathTemplate: '{model}/resolve/{revision}/',
  useBrowserCache: true,
  useFSCache: true,
  cacheDir: null,
  useWasmCache: true,
  backends: { onnx: { wasm: {} } },
});

describe('offline transformers.js environment', () => {
  it('turns remote models off and points models and the runtime at the app', () => {
    const env = freshEnv();
    configureOfflineEnv(
      env,
      browserModelSource({ origin: 'http://127.0.0.1:4173', build: 'wasm' }),
    );
    expect(env.allowRemoteModels).toBe(false);
    expect(env.allowLocalModels).toBe(true);
    expect(env.localModelPath).toBe('/models/');
    expect(env.useBrowserCache).toBe(false);
    expect(env.backends.onnx.wasm?.wasmPaths).toEqual({
      mjs: 'http://127.0.0.1:4173/ort/ort-wasm-simd-threaded.mjs',
      wasm: 'http://127.0.0.1:4173/ort/ort-wasm-simd-threaded.wasm',
    });
  });

  it('follows the app base, and turns a same-origin base URL into a path', () => {
    const source = browserModelSource({
      origin: 'https://demo.local',
      appBase: '/grove/',
      modelBaseUrl: 'https://demo.local/weights',
      build: 'webgpu',
    });
    expect(source).toMatchObject({ localModelPath: '/weights/' });
    expect(source.wasmPaths?.wasm).toBe(
      'https://demo.local/grove/ort/ort-wasm-simd-threaded.asyncify.wasm',
    );
    expect(
      browserModelSource({ origin: 'https://d', appBase: '/grove', build: 'wasm' }),
    ).toMatchObject({
      localModelPath: '/grove/models/',
      wasmPaths: { wasm: 'https://d/grove/ort/ort-wasm-simd-threaded.wasm' },
    });
    expect(ortWasmPaths('http://x', '/', 'webgpu').mjs).toBe(
      'http://x/ort/ort-wasm-simd-threaded.asyncify.mjs',
    );
  });

  it('sends a self-hosted server on another host through the loader, never the hub', () => {
    const source = browserModelSource({
      origin: 'https://demo.local',
      modelBaseUrl: 'http://10.0.0.5:8080/models',
      build: 'wasm',
    });
    expect(source).toMatchObject({ selfHostedBaseUrl: 'http://10.0.0.5:8080/models/' });
    expect(modelLocation(source)).toBe('http://10.0.0.5:8080/models/');
    const env = freshEnv();
    configureOfflineEnv(env, source);
    expect(env.remoteHost).toBe('http://10.0.0.5:8080/models/');
    expect(env.remotePathTemplate).toBe('{model}/');
    expect(env.allowLocalModels).toBe(false);
    expect(env.useFSCache).toBe(false);
  });

  it('checks the model base URL setting', () => {
    expect(normaliseModelBaseUrl(undefined)).toBe('/models/');
    expect(normaliseModelBaseUrl('  ')).toBe('/models/');
    expect(normaliseModelBaseUrl('/weights')).toBe('/weights/');
    expect(normaliseModelBaseUrl('https://host/m/')).toBe('https://host/m/');
    expect(() => normaliseModelBaseUrl('models')).toThrow(/not a model base URL/);
    expect(() => normaliseModelBaseUrl('ftp://host/m')).toThrow(
      expect.objectContaining({ name: 'ModelBaseUrlError' }),
    );
    // Scheme-relative "paths" point at another host: refused, with the fix in the message.
    expect(() => normaliseModelBaseUrl('//evil.example/m/')).toThrow(/full URL/);
    expect(() => normaliseModelBaseUrl('/\\evil.example/m/')).toThrow(/full URL/);
  });

  it('leaves the runtime paths alone in Node (no wasmPaths given)', () => {
    const env = freshEnv();
    configureOfflineEnv(env, { localModelPath: '/abs/models/' });
    expect(env.localModelPath).toBe('/abs/models/');
    expect(env.backends.onnx.wasm?.wasmPaths).toBeUndefined();
  });
});
