import { readFileSync } from 'node:fs';
import { createServer, type ResolvedConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  guardDirectives,
  headerDirectives,
  serializePolicy,
} from '../../src/app/security/csp-policy.ts';
import {
  csp,
  devPolicyContext,
  inlineScripts,
  insertPolicyMeta,
  reactPreamble,
  sha256Source,
} from './csp.ts';

type HtmlHandler = (html: string) => string;

/** The plugin's HTML hook, resolved for `command`. */
function htmlHook(command: 'build' | 'serve'): HtmlHandler {
  const plugin = csp();
  const configResolved = plugin.configResolved as (config: ResolvedConfig) => void;
  configResolved({ command, base: '/' } as ResolvedConfig);
  return (plugin.transformIndexHtml as { handler: HtmlHandler }).handler;
}

describe('grove:csp plugin', () => {
  it('finds inline scripts and skips external ones', () => {
    const html =
      '<script type="module" src="/a.js"></script><script>one()</script>' +
      '<script type="module">\ntwo()</script>';
    expect(inlineScripts(html)).toEqual(['one()', '\ntwo()']);
  });

  it('puts the policy before any script: after <meta charset>, or first in <head>', () => {
    const built = insertPolicyMeta(
      '<head><meta charset="UTF-8" /><script src="/x.js"></script></head>',
      "script-src 'self'",
    );
    expect(built).toMatch(/charset="UTF-8" \/>\s*<meta http-equiv="Content-Security-Policy"/);
    const dev = insertPolicyMeta(
      '<head><script type="module">x</script><meta charset="UTF-8" /></head>',
      "script-src 'self'",
    );
    expect(dev).toMatch(/<head>\s*<meta http-equiv="Content-Security-Policy"[^>]*>\s*<script/);
  });

  it('a build with an inline script fails; a clean one gets the guard <meta>', () => {
    const build = htmlHook('build');
    const clean = readFileSync('index.html', 'utf8');
    expect(inlineScripts(clean)).toEqual([]);
    expect(build(clean)).toContain(
      `<meta http-equiv="Content-Security-Policy" content="script-src 'self' 'wasm-unsafe-eval'; object-src 'none'; base-uri 'self'" />`,
    );
    expect(() => build(clean.replace('</body>', '<script>alert(1)</script></body>'))).toThrow(
      /inline <script> in the build/,
    );
  });

  it('dev allows exactly the React Refresh preamble, by hash', () => {
    const serve = htmlHook('serve');
    const withPreamble = `<head><script type="module">${reactPreamble('/')}</script></head>`;
    expect(serve(withPreamble)).toContain(`'${sha256Source(reactPreamble('/'))}'`);
    expect(() => serve('<head><script>other()</script></head>')).toThrow(/inline <script> in dev/);
    expect(devPolicyContext('/').scriptHashes).toEqual([sha256Source(reactPreamble('/'))]);
  });

  it('the dev server’s real index.html passes (plugin-react’s preamble matches its hash)', async () => {
    const server = await createServer({
      configFile: 'vite.config.ts',
      server: { middlewareMode: true, ws: false },
      appType: 'custom',
      logLevel: 'silent',
    });
    try {
      const html = await server.transformIndexHtml('/', readFileSync('index.html', 'utf8'));
      expect(html).toContain('<meta http-equiv="Content-Security-Policy"');
      expect(inlineScripts(html).map(sha256Source)).toEqual(devPolicyContext('/').scriptHashes);
    } finally {
      await server.close();
    }
  });

  it('the README’s server snippets send the same header the preview server sends', () => {
    const readme = readFileSync('README.md', 'utf8');
    const header = serializePolicy(headerDirectives());
    expect(readme.split(`Content-Security-Policy "${header}"`).length - 1).toBe(2); // nginx, Caddy
    expect(readme).toContain(serializePolicy(guardDirectives()));
    expect(readme).toContain('Cross-Origin-Embedder-Policy "require-corp"');
  });
});
