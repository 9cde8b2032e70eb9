/**
 * The export versions this Grove reads and what an older file means on import: a version 1 file
 * was written before task memories were exported, so it becomes a version 2 document with none,
 * and the user is told that nothing the file held was left out.
 */
import { EXPORT_VERSION, type ProfileExport, type ProfileExportV1 } from './format.ts';

export const READABLE_VERSIONS = [1, EXPORT_VERSION] as const;
export type FileVersion = (typeof READABLE_VERSIONS)[number];

export function isReadableVersion(version: unknown): version is FileVersion {
  return READABLE_VERSIONS.some((v) => v === version);
}

export function upgradeV1(data: ProfileExportV1): ProfileExport {
  return { ...data, version: EXPORT_VERSION, taskMemories: [] };
}

/** What the user should know about a file of this version beyond "imported", if anything. */
export function versionNotice(version: FileVersion): string | undefined {
  if (version !== 1) return undefined;
  return (
    'This file was saved in export format 1, before Grove exported task memories: it holds ' +
    'none, so none were restored. Everything the file holds was imported.'
  );
}
