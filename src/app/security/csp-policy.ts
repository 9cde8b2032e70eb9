/**
 * Grove's Content-Security-Policy, as text. Pure: the Vite plugin (dev and preview headers, the
 * shell's <meta>), the page's boot code and the README's server snippets all read it from here.
 *
 * Two layers, both enforced (a browser applies every policy it is given; the strictest wins):
 *
 * - The **guard** travels in index.html as a <meta> (and as an HTTP header where we serve the
 *   app): script-src 'self' 'wasm-unsafe-eval', no plugins, no <base> hijack. It holds from the
 *   first byte, so no inline or foreign script can ever run, in dev, in preview, and in the shell
 *   the service worker serves offline.
 * - The **document policy** is added by the page's first module (src/app/security/csp-boot.ts)
 *   before any other app code runs: default-src 'self' and `connect-src 'self'` plus exactly the
 *   origins the user opted into (an OpenAI-compatible server, a self-hosted model base URL), read
 *   from the stored model choice. A policy can be tightened after load but never loosened, so a
 *   new origin takes effect on the next load (the settings say so and offer a reload).
 */
import type { ModelChoice } from '../../models/model-choice.ts';

export type Directives = ReadonlyArray<readonly [name: string, sources: readonly string[]]>;

/** Where a policy is used: dev adds what Vite's dev server needs (hashed preamble, <style>). */
export interface PolicyContext {
  readonly dev?: boolean;
  /** 'sha256-…' sources for the inline scripts dev tooling injects (never in a build). */
  readonly scriptHashes?: readonly string[];
}

const SELF = "'self'";
const NONE = "'none'";

function scriptSources(context: PolicyContext): string[] {
  return [SELF, "'wasm-unsafe-eval'", ...(context.scriptHashes ?? []).map((h) => `'${h}'`)];
}

/**
 * The guard: no script but the app's own files (WebAssembly compiled by the ONNX runtime and
 * web-llm is allowed: 'wasm-unsafe-eval'), no plugins, no <base> that re-points relative URLs.
 * It leaves connect-src open on purpose: the document policy narrows it once the user's choice is
 * known (an open directive in one policy and a narrow one in another = the narrow one).
 */
export function guardDirectives(context: PolicyContext = {}): Directives {
  return [
    ['script-src', scriptSources(context)],
    ['object-src', [NONE]],
    ['base-uri', [SELF]],
  ];
}

/**
 * The HTTP header: the guard, plus what only a header can carry (frame-ancestors: no site may
 * frame Grove). Dedicated workers take their policy from their script's response headers, not
 * from the page, so on servers that send this header the workers are held to script-src too.
 */
export function headerDirectives(context: PolicyContext = {}): Directives {
  return [...guardDirectives(context), ['frame-ancestors', [NONE]]];
}

/** The document policy: everything from this origin only, plus the opted-in connect origins. */
export function documentDirectives(
  connectOrigins: readonly string[],
  context: PolicyContext = {},
): Directives {
  return [
    ['default-src', [SELF]],
    ['script-src', scriptSources(context)],
    // Vite's dev server injects CSS as <style> elements; a build links its CSS files.
    ['style-src', context.dev ? [SELF, "'unsafe-inline'"] : [SELF]],
    ['img-src', [SELF, 'data:']],
    ['font-src', [SELF]],
    ['connect-src', [SELF, ...connectOrigins]],
    ['worker-src', [SELF]],
    ['manifest-src', [SELF]],
    ['frame-src', [NONE]],
    ['object-src', [NONE]],
    ['base-uri', [SELF]],
    ['form-action', [SELF]],
  ];
}

export function serializePolicy(directives: Directives): string {
  return directives.map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}

/**
 * An origin as a CSP source (`http://127.0.0.1:8080`), or null when it cannot be one safely:
 * only http(s), a DNS name or IPv4 address, and an optional port. URL parsing lets characters
 * such as ";" through in host names; they would end the directive, so they are refused here.
 */
export function originSource(url: string, base?: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const origin = parsed.origin;
  return /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/.test(origin) ? origin : null;
}

/** The parts of the model choice that name an origin the page may connect to. */
export type ConnectChoice = Pick<ModelChoice, 'llm' | 'modelBaseUrl'>;

/**
 * The origins the user opted into, other than the page's own: the OpenAI-compatible server and
 * the self-hosted model base URL (a path on this site adds nothing). Sorted, without repeats.
 * `refused` lists opted-in URLs that cannot be written as a CSP source (an IPv6 literal).
 */
export function optedInOrigins(
  choice: ConnectChoice,
  pageUrl: string,
): { readonly origins: string[]; readonly refused: string[] } {
  const page = new URL(pageUrl).origin;
  const urls = [
    ...(choice.llm.kind === 'openai' ? [choice.llm.baseUrl] : []),
    ...(choice.modelBaseUrl ? [choice.modelBaseUrl] : []),
  ];
  const origins = new Set<string>();
  const refused: string[] = [];
  for (const url of urls) {
    const source = originSource(url, pageUrl);
    if (source === null) refused.push(url);
    else if (source !== page) origins.add(source);
  }
  return { origins: [...origins].sort(), refused };
}
