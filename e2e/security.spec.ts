/**
 * Acceptance (issue 14, security): the browser holds the privacy promise. Every page load carries
 * a Content-Security-Policy; a script on the page that tries to reach another origin is blocked
 * by the browser, which reports the violation, and the other server never hears of it. An
 * OpenAI-compatible server on 127.0.0.1 that the user opts into still works (after the reload
 * that lets the page's policy name it).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './network-guard.ts';
import { FAKE_REPLY, startFakeOpenAiServer, type FakeOpenAiServer } from './openai-fake-server.ts';
import { screenshotPath } from './screenshots.ts';

// These tests provoke violations on purpose; each one checks the violations it expects.
test.use({ cspViolationsExpected: true });

let server: FakeOpenAiServer;
test.beforeEach(async () => {
  server = await startFakeOpenAiServer();
});
test.afterEach(async () => {
  await server.close();
});

/** The policies the page holds: <meta> elements (the guard, then the document policy). */
function metaPolicies(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('meta[http-equiv="Content-Security-Policy"]')].map(
      (m) => (m as HTMLMetaElement).content,
    ),
  );
}

function connectSrc(policy: string): string | undefined {
  return policy
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('connect-src '));
}

/** Starts recording securitypolicyviolation events in the page. */
async function recordViolations(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __violations: { directive: string; blocked: string }[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__violations.push({ directive: e.effectiveDirective, blocked: e.blockedURI }),
    );
  });
}

function violations(page: Page) {
  return page.evaluate(
    () =>
      (window as unknown as { __violations: { directive: string; blocked: string }[] })
        .__violations,
  );
}

test('a script on the page cannot reach another origin: the browser blocks it and reports it', async ({
  page,
}) => {
  const response = await page.goto('/');
  // The preview server's header: the guard, plus frame-ancestors (a header-only directive).
  const header = response?.headers()['content-security-policy'] ?? '';
  expect(header).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(header).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('heading', { name: 'Grove', level: 1 })).toBeVisible();

  // In the document itself (so it holds wherever the file is served): the guard first, then
  // the document policy with connect-src 'self' only, since nothing was opted into.
  const policies = await metaPolicies(page);
  expect(policies).toHaveLength(2);
  expect(policies[0]).toBe(
    "script-src 'self' 'wasm-unsafe-eval'; object-src 'none'; base-uri 'self'",
  );
  expect(connectSrc(policies[1] ?? '')).toBe("connect-src 'self'");

  await recordViolations(page);
  const target = `${server.origin}/v1/chat/completions`;
  const attempts = await page.evaluate(async (url) => {
    const outcome = async (run: () => Promise<unknown>) => {
      try {
        await run();
        return 'sent';
      } catch (error) {
        return `blocked: ${String(error)}`;
      }
    };
    const w = window as unknown as { __inline?: boolean };
    // An injected inline script, and an image that would carry data in its URL.
    const script = document.createElement('script');
    script.textContent = 'window.__inline = true;';
    document.body.append(script);
    const image = new Image();
    image.src = `${url}?secret=1`;
    return {
      fetch: await outcome(() =>
        fetch(url, { method: 'POST', body: JSON.stringify({ memories: ['secret'] }) }),
      ),
      xhr: await outcome(
        () =>
          new Promise((resolve, reject) => {
            const xhr = new XMLHttpRequest();
            xhr.open('POST', url);
            xhr.onload = resolve;
            xhr.onerror = () => reject(new Error('XMLHttpRequest failed'));
            xhr.send('secret');
          }),
      ),
      beacon: navigator.sendBeacon(url, 'secret') ? 'queued' : 'refused',
      inlineRan: w.__inline === true,
    };
  }, target);

  expect(attempts.fetch).toMatch(/^blocked: TypeError/);
  expect(attempts.xhr).toMatch(/^blocked/);
  // sendBeacon queues the request; the policy stops it on its way (reported below).
  expect(attempts.beacon).toBe('queued');
  expect(attempts.inlineRan).toBe(false);
  // connect-src: the fetch, the XHR and the beacon; img-src: the image; script-src-elem: the
  // inline script (reported once by each policy that holds script-src: header, guard, document).
  const blockedBy = async (directive: string) =>
    (await violations(page)).filter((v) => v.directive === directive).map((v) => v.blocked);
  await expect.poll(() => blockedBy('connect-src')).toEqual([target, target, target]);
  expect(await blockedBy('img-src')).toEqual([`${target}?secret=1`]);
  expect(new Set(await blockedBy('script-src-elem'))).toEqual(new Set(['inline']));
  expect(new Set((await violations(page)).map((v) => v.directive))).toEqual(
    new Set(['connect-src', 'img-src', 'script-src-elem']),
  );
  // Nothing reached the other server: not the fetch, not a preflight, not the image.
  expect(server.requests()).toEqual([]);
});

test('an opted-in OpenAI-compatible server on 127.0.0.1 works after the reload that allows it', async ({
  page,
  guard,
}, testInfo) => {
  test.setTimeout(90_000);
  guard.allowOrigin(server.origin);
  await page.goto('/#settings');
  await expect(page.getByTestId('runtime')).not.toHaveAttribute('data-mode', 'probing');

  await page.getByText('Use an OpenAI-compatible server instead').click();
  await page.getByLabel('Base URL').fill(server.origin);
  await page.getByLabel('Model', { exact: true }).fill('fake-model');
  await page.getByRole('button', { name: 'Use this server' }).click();
  await expect(page.getByTestId('runtime')).toHaveAttribute('data-mode', 'remote');

  // The page loaded before the user opted in: its policy still blocks the server, and says so.
  const notice = page.getByTestId('csp-reload');
  await expect(notice).toContainText(server.origin);
  await expect(page.getByRole('button', { name: 'Connect' })).toHaveCount(0);
  await page.screenshot({ path: screenshotPath(testInfo, 'security-reload-notice.png') });
  await recordViolations(page);
  const early = await page.evaluate(
    (url) =>
      fetch(url).then(
        () => 'sent',
        () => 'blocked',
      ),
    `${server.origin}/v1/models`,
  );
  expect(early).toBe('blocked');
  expect(await violations(page)).toEqual([
    { directive: 'connect-src', blocked: `${server.origin}/v1/models` },
  ]);
  expect(server.requests()).toEqual([]);

  await page.getByRole('button', { name: 'Reload now' }).click();
  await expect(page.getByTestId('runtime')).toHaveAttribute('data-mode', 'remote');
  await expect(notice).toHaveCount(0);
  await recordViolations(page);
  const [, documentPolicy] = await metaPolicies(page);
  expect(connectSrc(documentPolicy ?? '')).toBe(`connect-src 'self' ${server.origin}`);

  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByTestId('llm-load')).toContainText('Ready: openai:');
  await page.screenshot({ path: screenshotPath(testInfo, 'security-opted-in-server.png') });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chat' }).click();
  await page.getByLabel('Message', { exact: true }).fill('Hello, who answers?');
  await page.keyboard.press('Enter');
  const reply = page.getByTestId('message-assistant').last();
  await expect(reply).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(reply.getByTestId('message-body')).toContainText(FAKE_REPLY);
  expect(server.requests()).toContain('POST /v1/chat/completions');
  // The opted-in server passed the policy; the app tripped no other part of it.
  expect(await violations(page)).toEqual([]);
});
