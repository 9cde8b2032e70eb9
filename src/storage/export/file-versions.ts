/**
 * The export versions this Grove reads and what an older file means on import. A version 1 file
 * was written before task memories and conversations were exported, a version 2 file before
 * conversations were: each becomes a current document with none of what it could not hold, and
 * the user is told so, and that nothing the file held was left out.
 */
import {
  EXPORT_VERSION,
  type ProfileExport,
  type ProfileExportV1,
  type ProfileExportV2,
} from './format.ts';

export const READABLE_VERSIONS = [1, 2, EXPORT_VERSION] as const;
export type FileVersion = (typeof READABLE_VERSIONS)[number];

export function isReadableVersion(version: unknown): version is FileVersion {
  return READABLE_VERSIONS.some((v) => v === version);
}

/** "1, 2 and 3". */
export function readableVersionsText(): string {
  const all = READABLE_VERSIONS.map(String);
  return `${all.slice(0, -1).join(', ')} and ${all.at(-1)}`;
}

/** A fresh empty history each time: the document is the caller's to keep. */
const noHistory = () => ({ chats: [], transcripts: [], topicForests: [] });

/** A file of an earlier version as the current document, empty where it holds nothing. */
export function upgrade(data: ProfileExportV1 | ProfileExportV2 | ProfileExport): ProfileExport {
  switch (data.version) {
    case 1:
      return { ...data, version: EXPORT_VERSION, taskMemories: [], ...noHistory() };
    case 2:
      return { ...data, version: EXPORT_VERSION, ...noHistory() };
    default:
      return data;
  }
}

/** What the user should know about a file of this version beyond "imported", if anything. */
export function versionNotice(version: FileVersion): string | undefined {
  switch (version) {
    case 1:
      return (
        'This file was saved in export format 1, before Grove exported task memories and ' +
        'conversations: it holds neither, so none were restored. Everything the file holds was ' +
        'imported.'
      );
    case 2:
      return (
        'This file was saved in export format 2, before Grove exported conversations: it holds ' +
        'none, so none were restored and the conversation list starts empty. Everything the ' +
        'file holds was imported.'
      );
    default:
      return undefined;
  }
}
