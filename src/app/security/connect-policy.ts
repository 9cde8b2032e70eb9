/**
 * The page's document policy at run time: applied once at load from the stored model choice
 * (src/app/security/csp-boot.ts), then consulted when the choice changes. A <meta> policy can be
 * added but never removed, so:
 * - a choice that needs fewer origins tightens the page at once (one more <meta>);
 * - a choice that needs a new origin takes effect on the next load: until then, connecting to it
 *   fails with ReloadRequiredError, and the settings offer a reload.
 */
import {
  documentDirectives,
  optedInOrigins,
  serializePolicy,
  type ConnectChoice,
  type PolicyContext,
} from './csp-policy.ts';

/** How this build writes its document policy (dev allows Vite's injected <style> elements). */
export const DOCUMENT_POLICY_CONTEXT: PolicyContext = { dev: import.meta.env.DEV };

/** A model setting names a server this page's policy does not allow yet. */
export class ReloadRequiredError extends Error {
  override readonly name = 'ReloadRequiredError';
  constructor(readonly origins: readonly string[]) {
    super(
      `Grove's security policy (CSP) is fixed when the page loads and does not allow ` +
        `${origins.join(', ')} yet: reload the page to connect.`,
    );
  }
}

/** An opted-in URL no CSP source can name (an IPv6 literal): the page can never reach it. */
export class UnexpressibleOriginError extends Error {
  override readonly name = 'UnexpressibleOriginError';
  constructor(readonly urls: readonly string[]) {
    super(
      `Grove's security policy (CSP) cannot name ${urls.join(', ')}: use a host name or an ` +
        `IPv4 address (for example http://127.0.0.1:8080 instead of http://[::1]:8080).`,
    );
  }
}

/** Adds one policy to the page (a test passes a recorder). */
export type PolicySink = (content: string) => void;

export const POLICY_META_ATTRIBUTE = 'data-grove-csp';

/** The page's sink: a <meta http-equiv="Content-Security-Policy"> appended to <head>. */
export function metaPolicySink(doc: Document): PolicySink {
  return (content) => {
    if (!doc.head) throw new Error('Grove: <head> is missing, the security policy cannot apply.');
    const meta = doc.createElement('meta');
    meta.httpEquiv = 'Content-Security-Policy';
    meta.content = content;
    meta.setAttribute(POLICY_META_ATTRIBUTE, '');
    doc.head.appendChild(meta);
  };
}

export interface ConnectPolicy {
  /** Origins connect-src allows besides 'self' (the strictest policy applied so far). */
  readonly origins: readonly string[];
  /** Opted-in URLs that no CSP source can express: they stay blocked. */
  readonly refused: readonly string[];
  readonly content: string;
}

let active: ConnectPolicy | undefined;

/** Adds the document policy for `choice`. Call once, before any other app code runs. */
export function applyConnectPolicy(
  sink: PolicySink,
  choice: ConnectChoice,
  pageUrl: string,
  context: PolicyContext = {},
): ConnectPolicy {
  if (active) return active;
  const { origins, refused } = optedInOrigins(choice, pageUrl);
  const content = serializePolicy(documentDirectives(origins, context));
  sink(content);
  active = { origins, refused, content };
  return active;
}

/** The policy in force, if it was applied (undefined in Node and in workers). */
export function activeConnectPolicy(): ConnectPolicy | undefined {
  return active;
}

/** Origins `choice` needs that the policy in force blocks; [] when none (or none applied). */
export function originsNeedingReload(choice: ConnectChoice, pageUrl: string): string[] {
  if (!active) return [];
  const allowed = new Set(active.origins);
  return optedInOrigins(choice, pageUrl).origins.filter((o) => !allowed.has(o));
}

/**
 * Throws when `choice` needs an origin this page's policy blocks: ReloadRequiredError (the next
 * load allows it) or UnexpressibleOriginError (no load ever will).
 */
export function assertConnectAllowed(choice: ConnectChoice, pageUrl: string): void {
  if (!active) return;
  const { refused } = optedInOrigins(choice, pageUrl);
  if (refused.length > 0) throw new UnexpressibleOriginError(refused);
  const missing = originsNeedingReload(choice, pageUrl);
  if (missing.length > 0) throw new ReloadRequiredError(missing);
}

/**
 * After a choice change: when the new choice needs fewer origins than the policy in force, adds
 * a stricter policy at once (an origin the user opted out of is blocked without a reload).
 */
export function tightenConnectPolicy(
  sink: PolicySink,
  choice: ConnectChoice,
  pageUrl: string,
  context: PolicyContext = {},
): ConnectPolicy | undefined {
  if (!active) return undefined;
  const wanted = new Set(optedInOrigins(choice, pageUrl).origins);
  const kept = active.origins.filter((o) => wanted.has(o));
  if (kept.length === active.origins.length) return active;
  const content = serializePolicy(documentDirectives(kept, context));
  sink(content);
  active = { ...active, origins: kept, content };
  return active;
}

/** Tests only: forget the policy in force. */
export function resetConnectPolicyForTests(): void {
  active = undefined;
}
