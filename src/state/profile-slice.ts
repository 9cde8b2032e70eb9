/** Profiles: each has its own memory forest; exactly one is open in the memory worker. */
import type { SliceCreator } from './store-types.ts';

export interface ProfileSummary {
  readonly id: string;
  readonly name: string;
}

export const DEFAULT_PROFILE: ProfileSummary = { id: 'default', name: 'Me' };

export interface ProfileSlice {
  readonly profiles: readonly ProfileSummary[];
  readonly activeProfileId: string;
  /** Set while the worker opens a profile (switches are not instant with big forests). */
  readonly profileLoading: boolean;
  setProfiles(profiles: readonly ProfileSummary[]): void;
  setActiveProfile(id: string): void;
  setProfileLoading(loading: boolean): void;
}

export const createProfileSlice: SliceCreator<ProfileSlice> = (set) => ({
  profiles: [DEFAULT_PROFILE],
  activeProfileId: DEFAULT_PROFILE.id,
  profileLoading: false,
  setProfiles: (profiles) =>
    set((state) => ({
      profiles: profiles.some((p) => p.id === state.activeProfileId)
        ? profiles
        : [...profiles, { id: state.activeProfileId, name: state.activeProfileId }],
    })),
  setActiveProfile: (activeProfileId) => set({ activeProfileId }),
  setProfileLoading: (profileLoading) => set({ profileLoading }),
});

/** A profile id from a display name: lower-case words joined by dashes, unique among `taken`. */
export function profileIdFor(name: string, taken: readonly string[]): string {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'profile';
  let id = base;
  for (let n = 2; taken.includes(id); n++) id = `${base}-${n}`;
  return id;
}
