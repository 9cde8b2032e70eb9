/**
 * How e2e launches Chromium: the system browser (never a downloaded one) with background
 * networking off. Specs that need no WebGPU adapter launch it without `--enable-unsafe-webgpu`.
 */
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
