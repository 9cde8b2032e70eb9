/**
 * Benchmark (on demand: `npm run bench:tree-fps`): frames per second while the tree view replays
 * a TaciTree walk over a synthetic 3,000-fact forest, drawn on the canvas. Prints one JSON line.
 * Frames are counted with requestAnimationFrame in the page; the replay loops at a speed that
 * changes node states every frame, so every frame is a full redraw.
 *
 *   GROVE_BENCH_FACTS=3000 GROVE_BENCH_SECONDS=8 npm run bench:tree-fps
 */
import { expect, test } from './network-guard.ts';
import { screenshotPath } from './screenshots.ts';

const FACTS = Number(process.env.GROVE_BENCH_FACTS ?? 3000);
const SECONDS = Number(process.env.GROVE_BENCH_SECONDS ?? 8);

type Mode = 'replay' | 'pan-zoom' | 'idle';

test('tree view replay fps over a 3,000-fact forest', async ({ page, browser }, testInfo) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/?view=tree-bench');
  await page.waitForFunction(() => window.grove?.treeBench !== undefined);
  const forest = await page.evaluate((n) => window.grove!.treeBench!.load(n), FACTS);
  await page.waitForFunction(() => window.grove?.treeView?.state().total);

  const measure = (mode: Mode) =>
    page.evaluate(
      async ([seconds, mode]) => {
        const view = window.grove!.treeView!;
        view.fit();
        if (mode === 'replay') {
          view.setSpeed(64);
          view.seek(0);
          view.play();
        } else {
          view.pause();
        }
        view.resetDrawStats();
        const intervals: number[] = [];
        let last = performance.now();
        const started = last;
        let loops = 0;
        await new Promise<void>((resolve) => {
          const frame = (now: number) => {
            intervals.push(now - last);
            last = now;
            if (mode === 'replay' && view.state().done) {
              loops++;
              view.seek(0);
              view.play();
            }
            if (mode === 'pan-zoom') {
              const phase = Math.floor(intervals.length / 60) % 2 === 0 ? 1 : -1;
              view.panBy(6 * phase, 3 * phase);
              view.zoomBy(phase > 0 ? 1.01 : 0.99);
            }
            if (now - started >= seconds * 1000) resolve();
            else requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        });
        const elapsed = performance.now() - started;
        const sorted = [...intervals].sort((a, b) => a - b);
        const state = view.state();
        return {
          mode,
          durationMs: Math.round(elapsed),
          frames: intervals.length,
          fps: +(intervals.length / (elapsed / 1000)).toFixed(1),
          frameMsP50: +(sorted[Math.floor(sorted.length * 0.5)] ?? 0).toFixed(2),
          frameMsP95: +(sorted[Math.floor(sorted.length * 0.95)] ?? 0).toFixed(2),
          longFrames: intervals.filter((ms) => ms > 50).length,
          draws: state.draws,
          drawMsMean: +state.drawMsMean.toFixed(2),
          replayLoops: loops,
          events: state.total,
          nodesShown: state.nodes,
          layout: state.mode,
        };
      },
      [SECONDS, mode] as const,
    );

  const replay = await measure('replay');
  const panZoom = await measure('pan-zoom');
  // The same rAF loop with nothing to redraw: the harness's own ceiling on this machine.
  const idle = await measure('idle');
  const report = {
    bench: 'tree-view-fps',
    facts: FACTS,
    forest,
    viewport: '1400x900',
    browser: `chromium ${browser.version()} (headless, software rendering)`,
    replay,
    panZoom,
    idle: { fps: idle.fps, frameMsP95: idle.frameMsP95, draws: idle.draws },
  };
  console.log(JSON.stringify(report));
  await page.evaluate(() => window.grove!.treeView!.fit());
  await page
    .getByTestId('tree-view')
    .screenshot({ path: screenshotPath(testInfo, 'bench-tree-3000.png') });
  expect(replay.frames).toBeGreaterThan(0);
  expect(replay.draws).toBeGreaterThan(0);
});
