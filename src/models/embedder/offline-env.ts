/**
 * Configures transformers.js for local-only models: never the Hugging Face hub, models from the
 * app's own /models/ folder (or an absolute folder in Node, or a self-hosted base URL for
 * air-gapped demos), and the ONNX runtime's WASM files from the app, not a CDN.
 */
import { ModelBaseUrlError } from './errors.ts';
import { ortWasmPaths, type OrtBuild } from './ort-files.ts';

/**
 * Where models (and, in the browser, the ONNX runtime files) come from: a folder or same-origin
 * path (`localModelPath`), or a self-hosted server on another origin (`selfHostedBaseUrl`).
 */
export type ModelSource = (
  | {
      /** Folder or same-origin path that holds `<org>/<name>/` model folders; ends with "/". */
      readonly localModelPath: string;
    }
  | {
      /**
       * An http(s) base URL on another host that serves `<org>/<name>/` folders (air-gapped
       * demos). Under the app's COEP it must answer with CORS headers.
       */
      readonly selfHostedBaseUrl: string;
      /**
       * Node only: where downloaded files are kept (onnxruntime-node opens models by path).
       * Browsers keep them in memory.
       */
      readonly cacheDir?: string;
    }
) & {
  /** Browser only: the ONNX runtime files. */
  readonly wasmPaths?: { readonly mjs: string; readonly wasm: string };
};

/** The part of transformers.js' `env` this module sets. */
export interface TransformersEnvLike {
  allowRemoteModels: boolean;
  allowLocalModels: boolean;
  localModelPath: string;
  remoteHost: string;
  remotePathTemplate: string;
  useBrowserCache: boolean;
  useFSCache: boolean;
  cacheDir: string | null;
  useWasmCache: boolean;
  backends: { onnx: { wasm?: { wasmPaths?: unknown } } };
}

export function configureOfflineEnv(env: TransformersEnvLike, source: ModelSource): void {
  if ('selfHostedBaseUrl' in source) {
    // transformers.js (4.3) only checks local paths, not URLs, for file existence; a server on
    // another origin goes through its "remote" loader, pointed at that server instead of the hub.
    env.allowLocalModels = false;
    env.allowRemoteModels = true;
    env.remoteHost = source.selfHostedBaseUrl;
    env.remotePathTemplate = '{model}/';
  } else {
    env.allowRemoteModels = false;
    env.allowLocalModels = true;
    env.localModelPath = source.localModelPath;
  }
  // Same-origin files are cached by HTTP; a second copy in Cache Storage (or on disk in Node)
  // would only go stale when the bundled model is rebuilt.
  env.useBrowserCache = false;
  env.useFSCache = false;
  if ('cacheDir' in source && source.cacheDir !== undefined) {
    env.useFSCache = true;
    env.cacheDir = source.cacheDir;
  }
  env.useWasmCache = false;
  if (source.wasmPaths) {
    const wasm = (env.backends.onnx.wasm ??= {});
    wasm.wasmPaths = { mjs: source.wasmPaths.mjs, wasm: source.wasmPaths.wasm };
  }
}

/** Where a source looks for models, for messages. */
export function modelLocation(source: ModelSource, origin?: string): string {
  if ('selfHostedBaseUrl' in source) return source.selfHostedBaseUrl;
  return origin ? new URL(source.localModelPath, origin).href : source.localModelPath;
}

/** The default path models are served from by the app (public/models). */
export const APP_MODEL_PATH = '/models/';

/**
 * The model base URL setting, checked: an http(s) URL or a path on this origin, ending in "/".
 * Empty or undefined means the app's own /models/.
 */
export function normaliseModelBaseUrl(
  raw: string | undefined,
  fallback: string = APP_MODEL_PATH,
): string {
  const value = raw?.trim() ?? '';
  if (value === '') return fallback;
  if (/^[/\\]{2}/.test(value)) {
    // "//host/x" (or "/\\host") is another host without a scheme, not a path on this site.
    throw new ModelBaseUrlError(
      `"${value}" names another host without http:// or https://: write the full URL, or a ` +
        `path on this site such as /models/.`,
    );
  }
  if (value.startsWith('/')) return value.endsWith('/') ? value : `${value}/`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ModelBaseUrlError(
      `"${value}" is not a model base URL: use an http(s) URL such as ` +
        `http://192.168.1.10:8080/models/ or a path on this site such as /models/.`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ModelBaseUrlError(`The model base URL must use http or https, got ${url.protocol}`);
  }
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

/**
 * Browser model source: models from the base URL setting (same-origin URLs become paths), ORT
 * files (of the build the worker runs) from this app.
 */
export function browserModelSource(options: {
  readonly origin: string;
  readonly appBase?: string;
  readonly modelBaseUrl?: string | undefined;
  readonly build: OrtBuild;
}): ModelSource {
  const wasmPaths = ortWasmPaths(options.origin, options.appBase ?? '/', options.build);
  const base = normaliseModelBaseUrl(
    options.modelBaseUrl,
    `${(options.appBase ?? '/').replace(/\/?$/, '/')}models/`,
  );
  if (base.startsWith('/')) return { localModelPath: base, wasmPaths };
  const url = new URL(base);
  if (url.origin === new URL(options.origin).origin) {
    return { localModelPath: url.pathname, wasmPaths };
  }
  return { selfHostedBaseUrl: base, wasmPaths };
}
