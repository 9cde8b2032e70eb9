/**
 * Issue 26, Grove on a phone: at 390 × 844 with touch (Chromium's mobile emulation) every main
 * view fits the width (the page is not zoomed out to fit either), the navigation and the profile
 * picker are on screen and work, the composer and Send stay fully visible, controls are at least
 * 44 × 44 px, and axe finds no serious or critical violation. Screenshots of the four views (the
 * screen, and the whole page) are kept for review.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { AppPage } from './app-page.ts';
import { expect, test } from './network-guard.ts';
import { screenshotPath } from './screenshots.ts';

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

const VIEWS = ['Chat', 'Memory', 'Explorer', 'Settings'] as const;

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => `${n.target.join(' ')} ${n.html}`) }));
}

/** The layout viewport and the page's width: a phone zooms a too-wide page out to fit it. */
const widths = (page: Page) =>
  page.evaluate(() => ({
    innerWidth: window.innerWidth,
    scrollWidth: document.documentElement.scrollWidth,
  }));

/** The elements that reach past the right edge (the innermost ones): what makes a page too wide. */
const tooWide = (page: Page, width: number) =>
  page.evaluate((width) => {
    // What a scrolling box holds (a wide table in its scroller) does not widen the page.
    const clipped = (el: HTMLElement) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement)
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      return false;
    };
    const wide = [...document.querySelectorAll<HTMLElement>('body *')].filter(
      (el) => el.getBoundingClientRect().right > width + 0.5 && !clipped(el),
    );
    return wide
      .filter((el) => !wide.some((other) => other !== el && el.contains(other)))
      .slice(0, 8)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`,
      );
  }, width);

/** Controls on screen smaller than 44 × 44 px (links inside running text are exempt). */
const smallTargets = (page: Page) =>
  page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>(
      'button, select, summary, .nav-link, .mode-badge, input:not([type="checkbox"]):not([type="radio"]), label:has(> input[type="checkbox"]), label:has(> input[type="radio"]), .toggle',
    );
    const small: string[] = [];
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || el.closest('[hidden], .visually-hidden')) continue;
      if (box.height < 44 || box.width < 44)
        small.push(
          `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
    }
    return small;
  });

async function expectOnScreen(locator: Locator, what: string, screen = PHONE) {
  await expect(locator, what).toBeVisible();
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  if (!box) return;
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(screen.width);
  expect(box.y + box.height, `${what}: bottom edge`).toBeLessThanOrEqual(screen.height);
}

test('phone: the four views fit 390 px, with touch-sized controls and no axe violations', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const app = new AppPage(page);
  await app.open();
  const message = page.getByLabel('Message', { exact: true });
  const send = page.getByRole('button', { name: 'Send' });
  await expectOnScreen(message, 'the message box, first run');
  await expectOnScreen(send, 'Send, first run');

  // A conversation longer than the screen: the composer stays at the bottom of it.
  await app.send("Hi, I'm Sam. I moved to Lisbon last spring and I work as a nurse there.");
  await app.send('I have a dog named Pixel and I am training for a marathon in October.');
  // The side panels are behind a control: open them, end the session, come back.
  const toggle = page.getByTestId('side-toggle');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { name: 'End session' })).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(message).toBeHidden();
  await app.endSession();
  await toggle.click();
  await expect(message).toBeVisible();
  for (const text of ['Where did I move?', 'What is my dog called?', 'What am I training for?'])
    await app.send(text);
  // Scrolled down a long conversation, the panels' control is still on screen, and back from
  // the panels the chat shows its latest reply.
  await expectOnScreen(toggle, 'the side panels control, scrolled down');
  await toggle.click();
  await expect(page.getByRole('heading', { name: 'This conversation' })).toBeInViewport();
  await toggle.click();
  await expect(app.replies.last()).toBeInViewport();
  await expectOnScreen(message, 'the message box after a long conversation');
  await expectOnScreen(send, 'Send after a long conversation');
  await message.fill('Typing a reply');
  await expectOnScreen(send, 'Send, enabled');
  await expect(send).toBeEnabled();
  await message.fill('');

  for (const view of VIEWS) {
    await app.goTo(view);
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const name of VIEWS) await expectOnScreen(app.nav(name), `${view}: nav ${name}`);
    await expectOnScreen(page.getByLabel('Profile', { exact: true }), `${view}: profile picker`);
    const name = view.toLowerCase();
    await page.screenshot({ path: screenshotPath(testInfo, `phone-${name}.png`) });
    await page.screenshot({
      path: screenshotPath(testInfo, `phone-${name}-full.png`),
      fullPage: true,
    });
    const w = await widths(page);
    expect(await tooWide(page, PHONE.width), `${view}: too wide`).toEqual([]);
    expect(w.innerWidth, `${view}: the page is zoomed out to fit`).toBe(PHONE.width);
    expect(w.scrollWidth, `${view} scrolls sideways`).toBeLessThanOrEqual(w.innerWidth);
    expect(await smallTargets(page), `${view}: controls under 44 × 44 px`).toEqual([]);
    expect(await seriousViolations(page), view).toEqual([]);
  }

  // The memories, close: each says where it came from in words.
  await app.goTo('Memory');
  const memories = page.getByRole('list', { name: 'Memories' });
  await memories.scrollIntoViewIfNeeded();
  await expect(memories.getByTestId('fact-provenance').first()).toContainText("from ‘Hi, I'm Sam");
  await memories.screenshot({ path: screenshotPath(testInfo, 'phone-memory-inspector.png') });

  // The chat's side panels, opened, fit as well.
  await app.goTo('Chat');
  await toggle.click();
  expect((await widths(page)).scrollWidth).toBeLessThanOrEqual(PHONE.width);
  expect(await smallTargets(page), 'side panels: controls under 44 × 44 px').toEqual([]);
  expect(await seriousViolations(page), 'side panels').toEqual([]);
  await page.screenshot({
    path: screenshotPath(testInfo, 'phone-chat-panels-full.png'),
    fullPage: true,
  });
  await toggle.click();
});

test('phone: the narrowest phones (360 px) and the widest (430 px) fit as well', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  for (const size of [
    { width: 360, height: 740 },
    { width: 430, height: 932 },
  ]) {
    await page.setViewportSize(size);
    await app.open();
    await app.send("Hi, I'm Sam. I moved to Lisbon last spring and I work as a nurse there.");
    for (const view of VIEWS) {
      await app.goTo(view);
      const w = await widths(page);
      expect(await tooWide(page, size.width), `${view} at ${size.width}: too wide`).toEqual([]);
      expect(w.innerWidth, `${view} at ${size.width}: zoomed out`).toBe(size.width);
      expect(w.scrollWidth).toBeLessThanOrEqual(w.innerWidth);
    }
    await app.goTo('Chat');
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const name of VIEWS)
      await expectOnScreen(app.nav(name), `nav ${name} at ${size.width}`, size);
    await expectOnScreen(page.getByLabel('Profile', { exact: true }), 'profile picker', size);
    await expectOnScreen(page.getByRole('button', { name: 'Send' }), 'Send', size);
  }
});

test('phone: the profile picker switches profiles', async ({ page }) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  await app.open();
  await app.send('I play the violin.');
  await app.goTo('Settings');
  await page.getByLabel('New profile name').fill('Work');
  await page.getByRole('button', { name: 'Create and switch' }).click();
  const picker = page.getByLabel('Profile', { exact: true });
  await expect(picker.locator('option:checked')).toHaveText('Work');
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectOnScreen(picker, 'profile picker');
  await picker.selectOption({ label: 'Me' });
  await expect(picker.locator('option:checked')).toHaveText('Me');
  await app.goTo('Chat');
  await expectOnScreen(page.getByRole('button', { name: 'Send' }), 'Send after switching');
});

test('phone: the explorer with a built example and a run fits 390 px', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  await page.goto('/?test=scripted#explorer');
  const explorer = page.getByTestId('explorer');
  await explorer.getByRole('button', { name: 'Load the built-in example' }).click();
  await expect(explorer.getByTestId('build-summary')).toBeVisible({ timeout: 240_000 });
  await explorer.getByRole('button', { name: 'Run TaciTree and baselines' }).click();
  await expect(explorer.getByTestId('results-table')).toBeVisible({ timeout: 60_000 });
  await page
    .getByRole('navigation', { name: 'Memory tree outline' })
    .getByRole('button')
    .first()
    .click();
  await expect(page.getByTestId('node-panel')).toBeVisible();
  await page.screenshot({ path: screenshotPath(testInfo, 'phone-explorer-run.png') });
  await page.screenshot({
    path: screenshotPath(testInfo, 'phone-explorer-run-full.png'),
    fullPage: true,
  });
  const w = await widths(page);
  expect(await tooWide(page, PHONE.width), 'too wide').toEqual([]);
  expect(w.innerWidth, 'the page is zoomed out to fit').toBe(PHONE.width);
  expect(w.scrollWidth, 'the explorer scrolls sideways').toBeLessThanOrEqual(w.innerWidth);
  expect(await smallTargets(page), 'controls under 44 × 44 px').toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
});

test('phone: the browser bar takes the header colour; the on-screen keyboard resizes the page', async ({
  page,
  request,
}) => {
  await page.goto('/#chat');
  const theme = await page.locator('meta[name="theme-color"]').getAttribute('content');
  const header = await page
    .locator('.app-header')
    .evaluate((el) => getComputedStyle(el).backgroundColor);
  const hex = (rgb: string) =>
    `#${(rgb.match(/\d+/g) ?? [])
      .slice(0, 3)
      .map((n) => Number(n).toString(16).padStart(2, '0'))
      .join('')}`;
  expect(hex(header)).toBe(theme);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await request.get(href ?? '')).json()) as { theme_color: string };
  expect(manifest.theme_color).toBe(theme);
  // The keyboard shrinks the layout, so the composer at its bottom stays above the keyboard.
  await expect(page.locator('meta[name="viewport"]')).toHaveAttribute(
    'content',
    /interactive-widget=resizes-content/,
  );
});
