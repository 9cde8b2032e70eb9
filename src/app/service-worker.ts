/**
 * Registers the service worker generated at build time (scripts/vite/service-worker.ts), which
 * precaches the app shell, workers, the bundled embedder and the ORT runtime so Grove starts
 * with no network. Production builds only: in dev, Vite serves modules that change constantly.
 */
export const SERVICE_WORKER_URL = 'sw.js';

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker
      .register(`${import.meta.env.BASE_URL}${SERVICE_WORKER_URL}`, {
        scope: import.meta.env.BASE_URL,
      })
      .catch((error: unknown) => {
        console.warn(
          `Grove works online only: the offline cache could not start (${String(error)}).`,
        );
      });
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
