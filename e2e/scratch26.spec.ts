import { test } from './network-guard.ts';
test('scratch', async ({ page }) => {
  await page.goto('/?test=scripted#chat');
  await page.waitForTimeout(1500);
  console.log(await page.evaluate(() => JSON.stringify({ coarse: matchMedia('(pointer: coarse)').matches, fine: matchMedia('(pointer: fine)').matches, any: matchMedia('(any-pointer: coarse)').matches, h: [...document.querySelectorAll('button')].map((b) => Math.round(b.getBoundingClientRect().height)) })));
});
