/**
 * Grove's automation API on `window.grove` (like tldraw's `window.editor`): e2e specs and
 * curious users drive the real app through it. Each feature registers its own entry; nothing
 * here is a fake.
 */
type Api = Record<string, unknown>;

declare global {
  interface Window {
    grove?: Api;
  }
}

export function registerTestApi(name: string, value: unknown): void {
  const api = (window.grove ??= {});
  api[name] = value;
}
