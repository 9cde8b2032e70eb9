/**
 * Acceptance (issue 14, installable): the web app manifest is served and valid, its icons load,
 * Chromium finds Grove installable, and the installed app opens from its start URL with no
 * network (the service worker precaches the shell, the manifest and the icons), still under its
 * Content-Security-Policy and cross-origin isolated.
 */
import { chromium, type APIRequestContext, type Page } from '@playwright/test';
import { chromiumPath, quietChromiumArgs } from './chromium.ts';
import { expect, test } from './network-guard.ts';
import { BUNDLED_EMBEDDER_LABEL } from './app-page.ts';
import { screenshotPath } from './screenshots.ts';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}
interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
}

async function manifestUrl(page: Page): Promise<string> {
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href, 'index.html links a manifest').toBeTruthy();
  return new URL(href ?? '', page.url()).href;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

async function readManifest(request: APIRequestContext, url: string): Promise<Manifest> {
  const response = await request.get(url);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  return (await response.json()) as Manifest;
}

test('the manifest is served and valid, its icons load, and Chromium finds Grove installable', async ({
  page,
  baseURL,
}, testInfo) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Grove', level: 1 })).toBeVisible();
  const url = await manifestUrl(page);
  const manifest = await readManifest(page.request, url);

  expect(manifest).toMatchObject({
    name: expect.stringContaining('Grove'),
    short_name: 'Grove',
    display: 'standalone',
    theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
  });
  const origin = new URL(baseURL ?? '').origin;
  expect(new URL(manifest.start_url, url).href).toBe(`${origin}/`);
  expect(new URL(manifest.scope, url).href).toBe(`${origin}/`);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute(
    'content',
    manifest.theme_color,
  );

  // Icons: 192 and 512 PNGs for "any" and "maskable", each served at its stated size.
  const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
  const listed = pngs.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort();
  expect(listed).toEqual(['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons) {
    const response = await page.request.get(new URL(icon.src, url).href);
    expect(response.status(), icon.src).toBe(200);
    expect(response.headers()['content-type'], icon.src).toContain(icon.type);
    if (icon.type === 'image/png') {
      expect(pngSize(await response.body()).join('x'), icon.src).toBe(icon.sizes);
    }
  }

  // Chromium's own verdict, in a regular (non-incognito) profile, as a user would have it.
  const profile = await chromium.launchPersistentContext(testInfo.outputPath('profile'), {
    executablePath: chromiumPath,
    args: quietChromiumArgs,
  });
  try {
    const tab = profile.pages()[0] ?? (await profile.newPage());
    await tab.goto(`${origin}/`);
    await expect(tab.getByRole('heading', { name: 'Grove', level: 1 })).toBeVisible();
    await tab.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const cdp = await profile.newCDPSession(tab);
    const parsed = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(parsed.url).toBe(url);
    expect(parsed.errors).toEqual([]);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
  } finally {
    await profile.close();
  }
});

test('the installed app opens from its start URL with no network', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Grove', level: 1 })).toBeVisible();
  const url = await manifestUrl(page);
  const manifest = await readManifest(page.request, url);
  const startUrl = new URL(manifest.start_url, url).href;
  // Installed = the service worker finished its precache and controls the app.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);

  const reachedNetwork: string[] = [];
  await context.route('**/*', (route) => {
    reachedNetwork.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  await context.setOffline(true);

  // A new window at the start URL, as the installed app opens.
  const app = await context.newPage();
  const response = await app.goto(startUrl);
  expect(response?.fromServiceWorker()).toBe(true);
  await expect(app.getByRole('heading', { name: 'Grove', level: 1 })).toBeVisible();
  // The route above is what takes the network away (Chromium 150 under Playwright 1.65 does not
  // always report navigator.onLine = false in offline emulation): a request no cache holds fails.
  const probe = await app.evaluate(() =>
    fetch(`/offline-probe-${Date.now()}.json`, { cache: 'no-store' }).then(
      (response) => `HTTP ${response.status}`,
      () => 'refused',
    ),
  );
  expect(probe).not.toBe('HTTP 200');

  // The shell from the cache keeps its policy (header and <meta>) and its isolation.
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  const metas = await app.evaluate(
    () => document.querySelectorAll('meta[http-equiv="Content-Security-Policy"]').length,
  );
  expect(metas).toBe(2);
  expect(await app.evaluate(() => crossOriginIsolated)).toBe(true);

  // The manifest and its icons come from the cache too; the memory worker loads the embedder.
  const offlineAssets = await app.evaluate(
    async (urls) => Promise.all(urls.map(async (u) => (await fetch(u)).status)),
    [url, ...manifest.icons.map((icon) => new URL(icon.src, url).href)],
  );
  expect(offlineAssets.every((status) => status === 200)).toBe(true);
  await app
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Settings' })
    .click();
  await expect(app.getByTestId('embedder')).toContainText(BUNDLED_EMBEDDER_LABEL, {
    timeout: 30_000,
  });
  await app.screenshot({ path: screenshotPath(testInfo, 'installed-offline.png') });
  expect(
    reachedNetwork.filter((u) => !u.includes('/offline-probe-')),
    'nothing but the probe needed the network',
  ).toEqual([]);
  expect(reachedNetwork.some((u) => u.includes('/offline-probe-'))).toBe(true);
});
