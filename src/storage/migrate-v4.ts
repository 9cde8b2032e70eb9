/**
 * Schema 4 → 5: facts gain a lifetime (engine/lifetime). An existing fact is valid from the
 * date of its earliest session and was never replaced; facts without a dated session keep no
 * date. Only fact pages change.
 */
import type { Transaction } from 'dexie';
import { validFromOf } from '../engine/lifetime/assign.ts';
import type { TreeFactCell, TreeFactPageRow } from './rows.ts';

function withLifetime(cell: TreeFactCell): TreeFactCell {
  if (cell.validFrom !== undefined) return cell;
  const validFrom = validFromOf(cell);
  return validFrom === undefined ? cell : { ...cell, validFrom };
}

export async function upgradeV4ToV5(tx: Transaction): Promise<void> {
  await tx
    .table('treeFactPages')
    .toCollection()
    .modify((row: TreeFactPageRow) => {
      (row as { facts: readonly TreeFactCell[] }).facts = row.facts.map(withLifetime);
    });
}
