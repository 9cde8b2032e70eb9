/** The failures and uniqueness check shared by the integrity validators of an export. */
import { ImportError } from '../errors.ts';

export function fail(message: string): never {
  throw new ImportError(
    `This file is not a valid Grove profile: ${message}. Nothing was imported.`,
  );
}

export function unique(ids: readonly string[], what: string): Set<string> {
  const set = new Set<string>();
  for (const id of ids) {
    if (set.has(id)) fail(`${what} "${id}" appears twice`);
    set.add(id);
  }
  return set;
}
