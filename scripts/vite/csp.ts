/**
 * Vite plugin: the Content-Security-Policy on every page load (src/app/security/csp-policy.ts).
 *
 * - index.html gets the guard as a <meta> right after <meta charset>, so the policy travels with
 *   the file itself: in dev, in the build, in the shell the service worker serves offline, and on
 *   any static host. The page's first module adds the document policy (connect-src from the
 *   user's choice) at load.
 * - The dev and preview servers also send the header policy on every response (frame-ancestors,
 *   and the guard for worker scripts, which take their policy from their own response).
 * - A build with an inline <script> in index.html fails. In dev, the only inline script is the
 *   React Refresh preamble, allowed by its hash; any other one fails the page load loudly.
 */
import { createHash } from 'node:crypto';
import react from '@vitejs/plugin-react';
import type { Plugin, ResolvedConfig } from 'vite';
import {
  guardDirectives,
  headerDirectives,
  serializePolicy,
  type PolicyContext,
} from '../../src/app/security/csp-policy.ts';

export function sha256Source(text: string): string {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}

/** Inline <script> bodies (a <script> without src) in an HTML document. */
export function inlineScripts(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = match[1] ?? '';
    if (/\bsrc\s*=/i.test(attrs)) continue;
    found.push(match[2] ?? '');
  }
  return found;
}

/**
 * Puts the guard <meta> before any script: after <meta charset> (kept early, as it must be) when
 * no script precedes that, else first in <head> (dev, where Vite prepends its own scripts).
 */
export function insertPolicyMeta(html: string, policy: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}" />`;
  const head = /<head[^>]*>/i.exec(html);
  if (!head) throw new Error('grove:csp: index.html has no <head> for the policy <meta>');
  const charset = /<meta\s+charset=[^>]*>/i.exec(html);
  const firstScript = html.search(/<script\b/i);
  const afterCharset =
    charset !== null && (firstScript === -1 || firstScript > charset.index) ? charset : null;
  const anchor = afterCharset ?? head;
  const end = anchor.index + anchor[0].length;
  return `${html.slice(0, end)}\n    ${meta}${html.slice(end)}`;
}

/** The React Refresh preamble @vitejs/plugin-react inlines into index.html in dev. */
export function reactPreamble(base: string): string {
  return react.preambleCode.replace('__BASE__', base);
}

export function devPolicyContext(base: string): PolicyContext {
  return { dev: true, scriptHashes: [sha256Source(reactPreamble(base))] };
}

export const CSP_HEADER = 'Content-Security-Policy';

export function csp(): Plugin {
  let config: ResolvedConfig;
  let context: PolicyContext = {};
  return {
    name: 'grove:csp',
    configResolved(resolved) {
      config = resolved;
      context = resolved.command === 'serve' ? devPolicyContext(resolved.base) : {};
    },
    configureServer(server) {
      const header = serializePolicy(headerDirectives(devPolicyContext(server.config.base)));
      server.middlewares.use((_req, res, next) => {
        res.setHeader(CSP_HEADER, header);
        next();
      });
    },
    configurePreviewServer(server) {
      const header = serializePolicy(headerDirectives());
      server.middlewares.use((_req, res, next) => {
        res.setHeader(CSP_HEADER, header);
        next();
      });
    },
    transformIndexHtml: {
      // After every other plugin (and Vite's own dev injections): the final document.
      order: 'post',
      handler(html) {
        const allowed = new Set(context.scriptHashes ?? []);
        const stray = inlineScripts(html).filter((body) => !allowed.has(sha256Source(body)));
        if (stray.length > 0) {
          const where = config.command === 'build' ? 'the build' : 'dev';
          throw new Error(
            `grove:csp: index.html has ${stray.length} inline <script> in ${where}, which the ` +
              `Content-Security-Policy blocks (script-src 'self'): move it to a module file.\n` +
              stray.map((s) => `  ${s.slice(0, 120)}`).join('\n'),
          );
        }
        return insertPolicyMeta(html, serializePolicy(guardDirectives(context)));
      },
    },
  };
}
