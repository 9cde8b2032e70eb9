/** What the node colours mean. */
import { PALETTE } from './draw.ts';
import type { VisualName } from './visuals.ts';

const ITEMS: readonly [VisualName, string][] = [
  ['idle', 'not reached'],
  ['visited', 'visited'],
  ['kept', 'kept'],
  ['pruned', 'pruned'],
  ['faded', 'under a pruned node'],
  ['selected', 'selected fact'],
];

export function Legend() {
  return (
    <ul className="tree-legend" aria-label="Legend">
      {ITEMS.map(([name, label]) => (
        <li key={name}>
          <span
            className="swatch"
            style={{ background: PALETTE[name].fill, opacity: Math.max(0.35, PALETTE[name].alpha) }}
          />
          {label}
        </li>
      ))}
    </ul>
  );
}
