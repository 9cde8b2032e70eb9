/**
 * The two builds e2e serves: the test build (`vite build --mode e2e`, with the test modes and
 * window.grove: src/build-flags.d.ts) that the specs drive, and the build `npm start` serves
 * (`vite build`, dist/), which e2e/production-build.spec.ts checks. Ports and folders are
 * overridable so several checkouts can run e2e side by side.
 */
export const testBuildPort = Number(process.env.GROVE_E2E_PORT ?? 4173);
export const testBuildDir = process.env.GROVE_DIST ?? 'dist-e2e';
export const productionPort = Number(process.env.GROVE_E2E_PRODUCTION_PORT ?? testBuildPort + 2000);
export const productionDir = process.env.GROVE_PRODUCTION_DIST ?? 'dist';

export const urlOf = (port: number) => `http://127.0.0.1:${port}`;
export const productionURL = urlOf(productionPort);
