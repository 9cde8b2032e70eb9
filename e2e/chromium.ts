/**
 * How e2e launches Chromium: the system browser (never a downloaded one) with background
 * networking off. Specs that need no WebGPU adapter launch it without `--enable-unsafe-webgpu`.
 */
import { accessSync, constants } from 'node:fs';

export const chromiumPath = process.env.GROVE_CHROMIUM ?? '/usr/bin/chromium';

export const quietChromiumArgs = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Chromium without --enable-unsafe-webgpu here exposes navigator.gpu but grants no adapter. */
export const noWebGpuLaunch = { executablePath: chromiumPath, args: quietChromiumArgs };

/** The one line that says how to get a Chromium, or null when `path` can be run. */
export function missingChromium(path: string = chromiumPath): string | null {
  try {
    accessSync(path, constants.X_OK);
    return null;
  } catch {
    return process.env.GROVE_CHROMIUM
      ? `e2e: no Chromium at GROVE_CHROMIUM=${path}; point GROVE_CHROMIUM at a chromium executable, or unset it to use /usr/bin/chromium (sudo apt-get install chromium).`
      : `e2e: no Chromium at ${path}; install it (sudo apt-get install chromium) or set GROVE_CHROMIUM=/path/to/chromium.`;
  }
}

/** Stops the run with that one line when there is no Chromium (before any build or server). */
export function requireChromium(): void {
  const missing = missingChromium();
  if (!missing) return;
  console.error(missing);
  process.exit(1);
}
