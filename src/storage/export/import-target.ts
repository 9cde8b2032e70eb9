/**
 * Where an imported profile lands. A file whose profile id is free here keeps its id and name.
 * When the id is taken (every device has the "default" profile, so an export of it always
 * collides), the import never overwrites: it gets the first free id `<id>-2`, `<id>-3`, … and a
 * name that says where it came from, "<name> (imported)" (then "(imported 2)", … if that name is
 * shown already). Both stay within the file format's limits, so the new profile exports and
 * imports again.
 */
import type { GroveDb } from '../db.ts';
import { profileTables } from '../profiles.ts';
import { LIMITS } from './format-fields.ts';

/** The profile an import writes, and the file's own id and name when they could not be kept. */
export interface ImportTarget {
  readonly id: string;
  readonly name: string;
  readonly renamedFrom?: { readonly id: string; readonly name: string };
}

/** `text` cut to `max` UTF-16 units, never between the two halves of a surrogate pair. */
function fit(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** `<base><suffix>`, the base shortened so the whole fits in `max`. */
const withSuffix = (base: string, suffix: string, max: number) =>
  fit(base, max - suffix.length) + suffix;

/** The mark an import adds to a name, and an earlier one it replaces (no "(imported) (imported)"). */
const IMPORTED_MARK = / \(imported(?: \d+)?\)$/;

/** The display name of a re-keyed import: "<name> (imported)", unique among `names`. */
export function importedName(name: string, fallback: string, names: ReadonlySet<string>): string {
  const base = name.replace(IMPORTED_MARK, '').trim() || fallback;
  let candidate = withSuffix(base, ' (imported)', LIMITS.nameChars);
  for (let n = 2; names.has(candidate); n++)
    candidate = withSuffix(base, ` (imported ${n})`, LIMITS.nameChars);
  return candidate;
}

/** The first of `<id>-2`, `<id>-3`, … for which `taken` is false. */
export async function freeProfileId(
  id: string,
  taken: (candidate: string) => Promise<boolean>,
): Promise<string> {
  for (let n = 2; ; n++) {
    const candidate = withSuffix(id, `-${n}`, LIMITS.idChars);
    if (!(await taken(candidate))) return candidate;
  }
}

/** Whether `id` is in use: a profile row, or any row left under that id in a profile table. */
export async function profileIdTaken(db: GroveDb, id: string): Promise<boolean> {
  if (await db.profiles.get(id)) return true;
  for (const table of profileTables(db)) {
    if ((await table.where('profileId').equals(id).count()) > 0) return true;
  }
  return false;
}

/**
 * Where the file's profile goes in `db`. Call inside the import's rw transaction over the
 * profile tables, so the id chosen is still free when the rows are written.
 */
export async function importTarget(
  db: GroveDb,
  profile: { readonly id: string; readonly name: string },
): Promise<ImportTarget> {
  if (!(await profileIdTaken(db, profile.id))) return { id: profile.id, name: profile.name };
  const id = await freeProfileId(profile.id, (candidate) => profileIdTaken(db, candidate));
  const names = new Set((await db.profiles.toArray()).map((p) => p.name));
  return {
    id,
    name: importedName(profile.name, profile.id, names),
    renamedFrom: { id: profile.id, name: profile.name },
  };
}
