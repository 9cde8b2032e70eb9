/**
 * Writes Grove's app icons into public/icons/ (committed; rerun after changing the scene):
 *
 *   npm run build:icons
 *
 * grove.svg (favicon), icon-{192,512}.png (purpose "any": rounded square) and
 * maskable-{192,512}.png (purpose "maskable": full bleed, the tree inside the safe zone).
 * Deterministic: the same scene gives the same pixels (scripts/icons/icons.test.ts checks the
 * committed files against a fresh render).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ICON_FILES, renderIcon } from './icon-files.ts';
import { iconShapes, toSvg } from './icon-scene.ts';

const out = join('public', 'icons');
await mkdir(out, { recursive: true });
await writeFile(join(out, 'grove.svg'), toSvg(iconShapes({ purpose: 'any' })));
for (const file of ICON_FILES) {
  const png = renderIcon(file);
  await writeFile(join(out, file.name), png);
  console.log(`${file.name}: ${file.size}×${file.size}, ${png.length} bytes`);
}
