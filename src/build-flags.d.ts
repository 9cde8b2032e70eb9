/**
 * Set by Vite's `define` (vite.config.ts): true only in the e2e test build
 * (`vite build --mode e2e`), false in the build `npm start` serves, where everything it guards
 * (the test modes, `window.grove`) is dropped from the bundle. Vitest sets it true.
 * Code that can also run under plain Node (tsx scripts) must not read it.
 */
declare const __GROVE_TEST_BUILD__: boolean;
