/**
 * Every error class the memory worker throws by name, so the page rebuilds each as its own
 * class (`instanceof` works there): storage, the engine's pieces the worker runs (LLM calls,
 * clustering, the tree, task memory), the embedder it borrows from the tab's embed worker, the
 * worker's configuration, and the page-LLM bridge. A
 * class missing here still crosses with its name and message (a RemoteError).
 */
import * as engineErrors from '../engine/errors.ts';
import { GmmDegenerateError } from '../engine/cluster/gmm-model.ts';
import { InvalidConcurrencyError } from '../engine/concurrency/limiter.ts';
import { EmbeddingCountError } from '../engine/baselines/flat-topk.ts';
import { MathRangeError } from '../engine/math/cos.ts';
import { RetriesExhaustedError } from '../engine/retry/with-retries.ts';
import {
  InvalidActivationWeightError,
  MissingIntentVectorError,
} from '../engine/task-memory/activate.ts';
import { TaskQaNotFoundError } from '../engine/task-memory/edit.ts';
import { InvalidAlphaError } from '../engine/task-memory/rerank.ts';
import { UnknownFactError } from '../engine/tree/edit.ts';
import { LineageError } from '../engine/lifetime/lineage.ts';
import { InvalidJudgeOptionError } from '../engine/tree/hybrid-judge.ts';
import { TreeIntegrityError } from '../engine/tree/tree-integrity-error.ts';
import { NoPageModelError } from '../rpc/page-llm-bridge.ts';
import { errorClassesOf, type ErrorClasses } from '../rpc/wire-error.ts';
import * as embedderErrors from '../models/embedder/errors.ts';
import * as storageErrors from '../storage/errors.ts';
import { EncryptedFileError } from '../storage/export/import-profile.ts';
import { UnknownTaskKindError } from '../engine/task-memory/task-catalogue.ts';
import { TaskMemoryNotFoundError } from '../storage/task-memory-store.ts';
import { MemoryNotConfiguredError } from './worker-config.ts';

export const MEMORY_ERROR_CLASSES: ErrorClasses = {
  ...errorClassesOf(engineErrors, storageErrors, embedderErrors),
  GmmDegenerateError,
  InvalidConcurrencyError,
  EmbeddingCountError,
  MathRangeError,
  RetriesExhaustedError,
  InvalidActivationWeightError,
  MissingIntentVectorError,
  TaskQaNotFoundError,
  InvalidAlphaError,
  UnknownFactError,
  LineageError,
  InvalidJudgeOptionError,
  TreeIntegrityError,
  NoPageModelError,
  EncryptedFileError,
  UnknownTaskKindError,
  TaskMemoryNotFoundError,
  MemoryNotConfiguredError,
};
