/** Test helper: an export file as written, and the same profile sealed with a passphrase. */
import type { GroveDb } from '../db.ts';
import { exportProfile } from './export-profile.ts';

export const TEST_PASSPHRASE = 'correct horse';

export async function plainAndSealed(
  source: GroveDb,
  profileId: string,
  file: string,
): Promise<(readonly [text: string, passphrase: string | undefined])[]> {
  const sealed = await exportProfile(source, profileId, {
    passphrase: TEST_PASSPHRASE,
    iterations: 20_000,
  });
  return [
    [file, undefined],
    [sealed, TEST_PASSPHRASE],
  ];
}
