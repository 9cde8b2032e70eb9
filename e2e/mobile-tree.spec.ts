/**
 * Issue 26, touch on the tree view: at 390 × 844 with touch, one finger pans the memory tree and
 * two fingers pinch-zoom it (d3-zoom's touch gestures, driven as real touch events through
 * Chromium's DevTools protocol); a tap on a memory opens its panel; the panel's close button and
 * the replay controls are thumb-sized.
 */
import type { CDPSession, Page } from '@playwright/test';
import { AppPage } from './app-page.ts';
import { expect, test } from './network-guard.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

interface Transform {
  k: number;
  x: number;
  y: number;
}
const transform = (page: Page) =>
  page.evaluate(
    () =>
      (window.grove?.treeView as { state(): { transform: Transform | null } }).state().transform,
  );

const drawnAt = (page: Page, id: string) =>
  page.evaluate(
    (node) =>
      (
        window.grove?.treeView as { position(id: string): { x: number; y: number } | null }
      ).position(node),
    id,
  );

type Point = { x: number; y: number };
async function touch(cdp: CDPSession, type: 'touchStart' | 'touchMove', points: Point[]) {
  await cdp.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })),
  });
}
const lift = (cdp: CDPSession) =>
  cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });

/** Moves the fingers from `from` to `to` in a few steps, as a hand would. */
async function gesture(cdp: CDPSession, from: Point[], to: Point[]) {
  await touch(cdp, 'touchStart', from);
  const steps = 6;
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    await touch(
      cdp,
      'touchMove',
      from.map((p, j) => {
        const q = to[j] ?? p;
        return { x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t };
      }),
    );
  }
  await lift(cdp);
}

test('phone: one finger pans the memory tree, two fingers zoom it, a tap opens a memory', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const app = new AppPage(page);
  await app.open();
  await app.send('I have a dog named Pixel.');
  await app.send('I am training for a marathon in October.');
  await page.getByTestId('side-toggle').click();
  await app.endSession();
  await app.goTo('Memory');
  // The page has read the remembered session (a tree arriving mid-gesture would redraw the view).
  await expect
    .poll(() => page.evaluate(() => window.grove?.app?.store.getState().inspection?.facts ?? 0))
    .toBeGreaterThan(0);

  const canvas = page.getByRole('img', { name: /Memory forest/ });
  await canvas.scrollIntoViewIfNeeded();
  await expect.poll(async () => (await transform(page))?.k ?? 0).toBeGreaterThan(0);
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the tree canvas has no box');
  const mid = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await page.context().newCDPSession(page);

  // One finger: the tree follows it, at the same scale.
  const before = await transform(page);
  if (!before) throw new Error('the tree view has no transform');
  await gesture(cdp, [mid], [{ x: mid.x + 60, y: mid.y + 40 }]);
  await expect.poll(async () => (await transform(page))?.x).toBeCloseTo(before.x + 60, 0);
  const panned = await transform(page);
  expect(panned?.y).toBeCloseTo(before.y + 40, 0);
  expect(panned?.k).toBeCloseTo(before.k, 6);

  // Two fingers spreading apart: it zooms in, by the ratio of the fingers' distances.
  const a = { x: mid.x - 40, y: mid.y };
  const b = { x: mid.x + 40, y: mid.y };
  await gesture(
    cdp,
    [a, b],
    [
      { x: mid.x - 80, y: mid.y },
      { x: mid.x + 80, y: mid.y },
    ],
  );
  await expect.poll(async () => (await transform(page))?.k).toBeCloseTo((panned?.k ?? 0) * 2, 3);
  // Pinching back in zooms out again.
  await gesture(
    cdp,
    [
      { x: mid.x - 80, y: mid.y },
      { x: mid.x + 80, y: mid.y },
    ],
    [a, b],
  );
  await expect.poll(async () => (await transform(page))?.k).toBeCloseTo(panned?.k ?? 0, 3);

  // The page itself did not scroll sideways or zoom while the tree took the gestures.
  expect(await page.evaluate(() => [window.scrollX, window.visualViewport?.scale])).toEqual([0, 1]);

  // A tap on a memory opens its panel; the panel closes with a thumb-sized button.
  await page.getByRole('button', { name: 'Fit' }).click();
  // A fact's node in the tree is `f:<fact id>` (engine/tree/draft.ts, factNodeId).
  const factId = `f:${await page.getByTestId('fact').first().getAttribute('data-fact-id')}`;
  await expect.poll(async () => drawnAt(page, factId)).not.toBeNull();
  const at = await drawnAt(page, factId);
  const canvasBox = await canvas.boundingBox();
  if (!at || !canvasBox) throw new Error('the memory is not drawn');
  await page.touchscreen.tap(canvasBox.x + at.x, canvasBox.y + at.y);
  const panel = page.getByTestId('node-panel');
  await expect(panel).toHaveAttribute('data-node-id', factId);
  const close = panel.getByRole('button', { name: /close/i });
  const closeBox = await close.boundingBox();
  expect(closeBox?.width ?? 0).toBeGreaterThanOrEqual(44);
  expect(closeBox?.height ?? 0).toBeGreaterThanOrEqual(44);

  // The replay controls are big enough for a thumb.
  for (const button of await page.locator('.replay-buttons button').all()) {
    const size = await button.boundingBox();
    expect(size?.width ?? 0).toBeGreaterThanOrEqual(44);
    expect(size?.height ?? 0).toBeGreaterThanOrEqual(44);
  }
});
