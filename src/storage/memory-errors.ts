/**
 * Every error class the memory worker throws by name, so the page rebuilds each as its own
 * class (`instanceof` works there): storage, engine, task memory, the worker's configuration,
 * and the page-LLM bridge.
 */
import * as engineErrors from '../engine/errors.ts';
import { UnknownFactError } from '../engine/tree/edit.ts';
import { InvalidJudgeOptionError } from '../engine/tree/judges.ts';
import { TreeIntegrityError } from '../engine/tree/tree-integrity-error.ts';
import { NoPageModelError } from '../rpc/page-llm-bridge.ts';
import { errorClassesOf, type ErrorClasses } from '../rpc/wire-error.ts';
import * as storageErrors from './errors.ts';
import { EncryptedFileError } from './export/import-profile.ts';
import { UnknownTaskKindError } from './task-catalogue.ts';
import { TaskMemoryNotFoundError } from './task-memory-store.ts';
import { MemoryNotConfiguredError } from './worker-config.ts';

export const MEMORY_ERROR_CLASSES: ErrorClasses = {
  ...errorClassesOf(engineErrors, storageErrors),
  UnknownFactError,
  InvalidJudgeOptionError,
  TreeIntegrityError,
  NoPageModelError,
  EncryptedFileError,
  UnknownTaskKindError,
  TaskMemoryNotFoundError,
  MemoryNotConfiguredError,
};
