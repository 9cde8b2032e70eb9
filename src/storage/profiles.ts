/** Profiles and their settings. Wiping a profile removes every row it owns, in one transaction. */
import { asProfileId, type ProfileId } from '../engine/types.ts';
import type { GroveDb } from './db.ts';
import { ProfileExistsError, ProfileNotFoundError } from './errors.ts';
import { guardQuota } from './quota.ts';
import { DEFAULT_SETTINGS, type ProfileRow, type SettingKey, type SettingsValues } from './rows.ts';
import { PROFILE_TABLES } from './schema.ts';

export async function createProfile(
  db: GroveDb,
  profile: { id: string; name: string; createdAt?: string },
): Promise<ProfileRow> {
  const row: ProfileRow = {
    id: profile.id,
    name: profile.name,
    createdAt: profile.createdAt ?? new Date().toISOString(),
  };
  await guardQuota(() =>
    db.transaction('rw', db.profiles, async () => {
      if (await db.profiles.get(row.id)) throw new ProfileExistsError(row.id);
      await db.profiles.add(row);
    }),
  );
  return row;
}

export async function listProfiles(db: GroveDb): Promise<ProfileRow[]> {
  return db.profiles.orderBy('id').toArray();
}

export async function requireProfile(db: GroveDb, id: string): Promise<ProfileId> {
  if (!(await db.profiles.get(id))) throw new ProfileNotFoundError(id);
  return asProfileId(id);
}

export const profileTables = (db: GroveDb) => PROFILE_TABLES.map((name) => db.table(name));

/** Deletes the rows of `profileId` from every table. Call inside a rw transaction over them. */
export async function deleteProfileRows(db: GroveDb, profileId: string): Promise<void> {
  for (const table of profileTables(db)) await table.where('profileId').equals(profileId).delete();
}

/** Removes a profile and everything it owns; other profiles are untouched. */
export async function wipeProfile(db: GroveDb, profileId: string): Promise<void> {
  await db.transaction('rw', [db.profiles, ...profileTables(db)], async () => {
    await deleteProfileRows(db, profileId);
    await db.profiles.delete(profileId);
  });
}

export async function getSettings(db: GroveDb, profileId: string): Promise<SettingsValues> {
  const rows = await db.settings.where('profileId').equals(profileId).toArray();
  const out: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const row of rows) if (row.key in DEFAULT_SETTINGS) out[row.key] = row.value;
  return out as unknown as SettingsValues;
}

export async function setSetting<K extends SettingKey>(
  db: GroveDb,
  profileId: string,
  key: K,
  value: SettingsValues[K],
): Promise<void> {
  await guardQuota(() => db.settings.put({ profileId, key, value }));
}
